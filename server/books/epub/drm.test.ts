import { describe, expect, it } from 'vitest';
import { readPackage } from './build-book';
import { isDrmProtected } from './drm';
import { EpubError } from './epub-error';
import { drmEpub, epub3 } from './test-epubs';

const enc = (s: string) => new TextEncoder().encode(s);
const encryptionXml = (algorithm: string) =>
  `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData>
    <enc:EncryptionMethod Algorithm="${algorithm}"/>
    <enc:CipherData><enc:CipherReference URI="OEBPS/ch1.xhtml"/></enc:CipherData>
  </enc:EncryptedData>
</encryption>`;

describe('isDrmProtected', () => {
  it('passes a plain EPUB and one that only obfuscates fonts', () => {
    expect(isDrmProtected(new Map([['mimetype', enc('application/epub+zip')]]))).toBe(false);
    expect(isDrmProtected(new Map([['META-INF/encryption.xml', enc(encryptionXml('http://www.idpf.org/2008/embedding'))]]))).toBe(false);
    expect(isDrmProtected(new Map([['META-INF/encryption.xml', enc(encryptionXml('http://ns.adobe.com/pdf/enc#RC'))]]))).toBe(false);
  });

  it('finds content encrypted with a cipher, and the rights files of ADEPT, FairPlay and LCP', () => {
    expect(isDrmProtected(new Map([['META-INF/encryption.xml', enc(encryptionXml('http://www.w3.org/2001/04/xmlenc#aes128-cbc'))]]))).toBe(true);
    for (const name of ['META-INF/rights.xml', 'META-INF/sinf.xml', 'META-INF/license.lcpl']) {
      expect(isDrmProtected(new Map([[name, enc('<rights/>')]]))).toBe(true);
    }
  });

  it('makes the import pipeline refuse a protected EPUB with a sentence for the uploader', () => {
    expect(() => readPackage(drmEpub())).toThrow(EpubError);
    expect(() => readPackage(drmEpub())).toThrow(/DRM/);
    expect(() => readPackage(epub3())).not.toThrow();
  });
});
