import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { UploadData } from '@site/shared-types';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { invalid } from '../../core/api.exception.js';
import { detectImage } from './image-type.js';

export const UPLOAD_REFUSED = '只能上传 JPG、PNG、GIF 或 WebP 图片';

export function sizeLimitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`;
}

/** Stores uploaded images under `DATA_DIR/uploads/YYYY/MM/` with random names chosen by their real type. */
@Injectable()
export class UploadsService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get tooLargeMessage(): string {
    return `图片不能超过 ${sizeLimitText(this.config.uploads.maxBytes)}`;
  }

  async store(file: Express.Multer.File | undefined): Promise<UploadData> {
    if (!file?.buffer?.length) throw invalid('请选择要上传的图片');
    if (file.buffer.length > this.config.uploads.maxBytes) throw invalid(this.tooLargeMessage);
    const type = detectImage(file.buffer);
    if (!type) throw invalid(UPLOAD_REFUSED);

    const now = new Date();
    const folder = [String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0')];
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    const dir = path.join(this.config.uploadsDir, ...folder);
    await fs.mkdir(dir, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const target = path.join(dir, name);
    await fs.writeFile(`${target}.part`, file.buffer, { flag: 'wx' });
    await fs.rename(`${target}.part`, target);
    return { url: `/uploads/${folder.join('/')}/${name}` };
  }
}
