import { failure } from '../../core/api.exception.js';
import { missingPictures } from './media.queries.js';

/**
 * Runs a write of the content. The database refuses one that adds a picture the library does not hold (deleted
 * meanwhile, or never there); that refusal is answered in words, naming the pictures (`restoring`: the write puts
 * back a revision, whose pictures cannot be chosen again).
 */
export async function refusingMissingPictures<T>(write: () => Promise<T>, restoring = false): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const urls = missingPictures(error);
    if (!urls) throw error;
    const named = urls.join('、');
    throw failure(
      restoring ? `该版本的图片不存在或已删除：${named}，不能恢复` : `图片不存在或已删除：${named}，请重新选择`,
    );
  }
}
