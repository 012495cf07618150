import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UPLOAD_TYPES_TEXT, uploadLimitText, type UploadData } from '@site/shared-types';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { failure, invalid } from '../../core/api.exception.js';
import { isDiskFull } from '../../core/media/file-writer.js';
import { MEDIA_STORE, MediaUnavailable, UPLOADS_PREFIX, type MediaStore } from '../../core/media/media-store.js';
import { ImageVariants } from './image-variants.js';
import { detectImage, isLosslessWebp, type ImageType } from './image-type.js';
import { MediaLibrary } from './media-library.service.js';
import { mediaName } from './media-names.js';

export const UPLOAD_REFUSED = `只能上传 ${UPLOAD_TYPES_TEXT} 图片`;
export const UPLOAD_UNREADABLE = '图片已损坏，无法读取，请重新导出后上传';
export const UPLOAD_DISK_FULL = '服务器磁盘空间已满，图片未能保存，请联系技术人员清理后再试';
export const UPLOAD_STORE_DOWN = '图片存储服务暂时无法访问，图片未能保存，请稍后再试';

/** The largest picture accepted, judged from its header before any pixel is decoded (frames of an animation add up). */
export const MAX_SIDE = 12_000;
export const MAX_PIXELS = 40_000_000;
export const UPLOAD_TOO_MANY_PIXELS = `图片尺寸过大：宽和高不能超过 ${MAX_SIDE} 像素，总像素（动图按全部帧计）不能超过 4000 万`;

const SHARP_FORMAT: Record<ImageType['ext'], string> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** The same kind of image again, from its pixels only: no metadata, comments or extra chunks survive. */
function encoder(image: Sharp, type: ImageType, bytes: Buffer, meta: Metadata): Sharp {
  switch (type.ext) {
    case 'jpg':
      // The EXIF orientation is applied to the pixels, since the EXIF block itself is dropped.
      return image.autoOrient().jpeg({ quality: 85 });
    case 'png':
      return image.png({ palette: meta.isPalette });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp(isLosslessWebp(bytes) ? { lossless: true } : { quality: 85 });
  }
}

/**
 * Decodes and re-encodes an upload of the detected type. The header is read first and oversized pictures are
 * refused before decoding; anything the decoder cannot read is refused.
 */
async function reencode(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const animated = type.ext === 'gif' || type.ext === 'webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw invalid(UPLOAD_UNREADABLE);
  }
  if (meta.format !== SHARP_FORMAT[type.ext]) throw invalid(UPLOAD_REFUSED);
  const height = meta.pageHeight ?? meta.height;
  if (meta.width > MAX_SIDE || height > MAX_SIDE || meta.width * meta.height > MAX_PIXELS) {
    throw invalid(UPLOAD_TOO_MANY_PIXELS);
  }
  let output: Buffer;
  try {
    const image = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' });
    output = await encoder(image, type, bytes, meta).toBuffer();
  } catch {
    throw invalid(UPLOAD_UNREADABLE);
  }
  // Pixels could in theory be chosen so that the encoder writes markup: the stored file passes the upload check too.
  if (detectImage(output)?.ext !== type.ext) throw invalid(UPLOAD_REFUSED);
  return output;
}

/**
 * Stores uploaded images in the media store as `uploads/YYYY/MM/<random>.<type>` (served at `/uploads/…`), re-encoded,
 * with random names chosen by their real type, and records them in the media library under the name they were
 * uploaded with. Both upload calls (the picture fields' and the rich-text editor's) come here.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly variants: ImageVariants,
    @Inject(MEDIA_STORE) private readonly media: MediaStore,
    private readonly library: MediaLibrary,
  ) {}

  get tooLargeMessage(): string {
    return `图片不能超过 ${uploadLimitText(this.config.uploads.maxBytes)}`;
  }

  async store(file: Express.Multer.File | undefined): Promise<UploadData> {
    if (!file?.buffer?.length) throw invalid('请选择要上传的图片');
    if (file.buffer.length > this.config.uploads.maxBytes) throw invalid(this.tooLargeMessage);
    const type = detectImage(file.buffer);
    if (!type) throw invalid(UPLOAD_REFUSED);
    // Kept even when re-encoding made it larger than the cap: the upload itself was within it.
    const bytes = await reencode(file.buffer, type);

    const now = new Date();
    const folder = [String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0')];
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    const path = `${folder.join('/')}/${name}`;
    try {
      await this.media.put(UPLOADS_PREFIX + path, bytes);
    } catch (error) {
      // The administrator is told in words; whoever runs the server needs to know too.
      if (isDiskFull(error)) {
        this.logger.error(`Upload not stored, the disk is full: ${(error as Error).message}`);
        throw failure(UPLOAD_DISK_FULL);
      }
      if (error instanceof MediaUnavailable) {
        this.logger.error(`Upload not stored: ${error.message}`);
        throw failure(UPLOAD_STORE_DOWN);
      }
      throw error;
    }
    const url = `/uploads/${path}`;
    // After the object is stored: a row always names a stored picture (one stored without a row, should this
    // insert fail, is recorded by the library's reconciliation).
    await this.library.record(url, mediaName(file.originalname, name), bytes);
    this.variants.warm(url, bytes);
    return { url };
  }
}
