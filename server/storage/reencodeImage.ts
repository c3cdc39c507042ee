import sharp from 'sharp';
import type { ImageExt } from './imageStorage';

/** The longest side an image is stored with; larger ones are scaled down to fit. */
export const MAX_IMAGE_SIDE = 4096;
/** Images with more pixels than this are refused before decoding: a small file can unpack to gigabytes. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class UnreadableImage extends Error {}

/**
 * Decodes the image and encodes it afresh in its own format. Whatever rode along with the pixels
 * (HTML or a script after the image, SVG in a JPEG segment, EXIF GPS) is dropped; orientation from
 * EXIF is applied first, so the picture still stands the right way up.
 */
export async function reencodeImage(bytes: Buffer, ext: ImageExt): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      ext === 'jpg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : ext === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 88 });
    return await encoded.toBuffer();
  } catch (e) {
    throw new UnreadableImage((e as Error).message);
  }
}
