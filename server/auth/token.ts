import crypto from 'node:crypto';

/** 256 random bits; the client holds the token, the database only its SHA-256. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
