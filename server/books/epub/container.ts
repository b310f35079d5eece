/** The OCF container: `mimetype` says this is an EPUB, META-INF/container.xml names the package. */
import type { ZipFiles } from './read-zip';
import { EpubError } from './epub-error';
import { attr, decodeText, findAll, parseXml } from './xml';

const EPUB_MIMETYPE = 'application/epub+zip';
const PACKAGE_MEDIA_TYPE = 'application/oebps-package+xml';

export function findPackagePath(files: ZipFiles): string {
  const mimetype = files.get('mimetype');
  if (!mimetype) throw new EpubError('missing_mimetype', 'The file is not an EPUB: it has no "mimetype" entry.');
  if (decodeText(mimetype).trim() !== EPUB_MIMETYPE) {
    throw new EpubError('missing_mimetype', `The file is not an EPUB: its mimetype is not ${EPUB_MIMETYPE}.`);
  }
  const container = files.get('META-INF/container.xml');
  if (!container) throw new EpubError('missing_container', 'The EPUB has no META-INF/container.xml.');
  const rootfiles = findAll(parseXml(decodeText(container), 'META-INF/container.xml'), 'rootfile');
  // The first package rootfile is the default rendition (OCF 3.3 §3.5.2.1).
  const rootfile = rootfiles.find((r) => (attr(r, 'media-type') ?? PACKAGE_MEDIA_TYPE) === PACKAGE_MEDIA_TYPE) ?? rootfiles[0];
  const fullPath = rootfile ? attr(rootfile, 'full-path') : undefined;
  if (!fullPath) throw new EpubError('missing_package', 'container.xml names no package document.');
  if (!files.has(fullPath)) throw new EpubError('missing_package', `The package document "${fullPath.slice(0, 120)}" is missing.`);
  return fullPath;
}
