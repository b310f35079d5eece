/**
 * Refuses DRM-protected EPUBs before anything else reads them: their chapters are ciphertext, so
 * an import would only produce garbage. Font obfuscation (IDPF and Adobe's) is not DRM: the text
 * stays readable, so an encryption.xml that only obfuscates fonts passes. Protected packages name
 * themselves by their rights files (Adobe ADEPT, Apple FairPlay, Readium LCP) or by encrypting
 * anything with a real cipher.
 */
import type { ZipFiles } from './read-zip';
import { EpubError } from './epub-error';
import { attr, decodeText, findAll, parseXml } from './xml';

const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);
const RIGHTS_FILES = ['META-INF/rights.xml', 'META-INF/sinf.xml', 'META-INF/license.lcpl'];

const DRM_MESSAGE =
  'This EPUB is protected by DRM (copy protection), so Quire cannot open it. Only DRM-free EPUBs can be added; many shops offer a DRM-free download.';

export function isDrmProtected(files: ZipFiles): boolean {
  if (RIGHTS_FILES.some((name) => files.has(name))) return true;
  const encryption = files.get('META-INF/encryption.xml');
  if (!encryption) return false;
  const doc = parseXml(decodeText(encryption), 'META-INF/encryption.xml');
  return findAll(doc, 'EncryptedData').some((data) => {
    const methods = findAll(data, 'EncryptionMethod');
    // Encrypted data without a method we know is no font trick: treat it as protected.
    return methods.length === 0 || methods.some((m) => !FONT_OBFUSCATION.has(attr(m, 'Algorithm') ?? ''));
  });
}

export function refuseDrm(files: ZipFiles): void {
  if (isDrmProtected(files)) throw new EpubError('drm', DRM_MESSAGE);
}
