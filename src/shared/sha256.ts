import { cryptoModule } from './load-on-first-use.js';

/** The SHA-256 digest of `data` (a string is hashed as UTF-8), as lowercase hex or base64url. */
export function sha256Of(data: string | Uint8Array, encoding: 'hex' | 'base64url' = 'hex'): string {
  return cryptoModule().createHash('sha256').update(data).digest(encoding);
}
