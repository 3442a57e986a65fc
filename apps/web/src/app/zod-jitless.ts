import { z } from 'zod';

// zod compiles fast validators with new Function() when it may. The server's
// Content-Security-Policy allows no eval, and even zod's probe for it is reported as a CSP
// violation, so it is told not to try. This module is imported first in main.tsx: the setting
// must be in place before any schema is built.
z.config({ jitless: true });
