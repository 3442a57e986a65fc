import { UNSAVED_TAKE_KEEP_MS } from '@rostrum/contract';

/**
 * A recording's unfinished upload is kept this long after it was started (its upload answers 410
 * after it). An unsaved live capture's upload is kept UNSAVED_TAKE_KEEP_MS, the longest any
 * upload lives, which is therefore tus's own expiry.
 */
export const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;
export const TUS_EXPIRY_MS = Math.max(UPLOAD_EXPIRY_MS, UNSAVED_TAKE_KEEP_MS);
