/**
 * Zod probes `Function('')` to decide whether to compile its validators, and the
 * Content-Security-Policy forbids eval: say no up front, so the probe never runs and never
 * reports a violation. main.tsx imports this first, before any schema is used.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
