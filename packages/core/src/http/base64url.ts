/** Bytes as unpadded base64url (RFC 4648, section 5), with Web APIs only so the fetch path runs anywhere. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
