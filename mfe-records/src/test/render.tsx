export { answerApi, createSession, renderPage } from '@dealflow/web-kit/testing';
