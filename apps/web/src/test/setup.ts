import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders into a fresh document.
afterEach(() => cleanup());

// findBy* and waitFor give up after 5 s, not Testing Library's 1 s: a page that loads a lazy
// chunk or answers a mocked call later on a busy 2-core machine (the whole suite runs beside
// the server tests' PostgreSQL and ffmpeg) is still the page under test, not a failure.
configure({ asyncUtilTimeout: 5000 });
