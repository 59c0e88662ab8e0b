export { answerApi, renderPage } from '@dealflow/web-kit/testing';
