// After web-kit's jsdom setup: unmount what each test rendered (vitest runs without globals, so
// testing-library cannot register this itself).
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());
