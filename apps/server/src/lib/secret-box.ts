import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Secrets kept encrypted at rest (decision 0130): AES-256-GCM under a key derived from TOTP_ENCRYPTION_KEY
 * (or the generated one in app_secrets, db/secrets.ts). Each value is bound to its owner (`context`, e.g. the
 * account id), so a sealed value copied onto another row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain text, or undefined for a value sealed under another key or context, or altered. */
  open(sealed: string, context: string): string | undefined;
}

export function createSecretBox(keyMaterial: string, purpose: string): SecretBox {
  const key = createHmac('sha256', keyMaterial).update(`secret-box:${purpose}`).digest();
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(value, context) {
      const [version, body] = value.split('.');
      if (version !== VERSION || !body) return undefined;
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
