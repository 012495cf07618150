import type { MediaUse } from '@site/shared-types';
import { pictureSize, usedMessage } from './media-library.service.js';
import { SAMPLE_IMAGES } from '../../../test/support/images/sample-images.js';

const use = (id: number): MediaUse => ({ kind: 'case', id, title: `案例${id}`, trashed: false });

describe('usedMessage', () => {
  it('should name every use when there are few', () => {
    expect(usedMessage([{ kind: 'block', id: 0, title: '首页设置', trashed: false }, use(1)])).toBe(
      '图片正在使用中，不能删除：首页设置、案例「案例1」',
    );
  });

  it('should name the first five and count them all when there are more', () => {
    expect(usedMessage([1, 2, 3, 4, 5, 6, 7].map(use))).toBe(
      '图片正在使用中，不能删除：案例「案例1」、案例「案例2」、案例「案例3」、案例「案例4」、案例「案例5」 等 7 处',
    );
  });
});

describe('pictureSize', () => {
  it('should read the width and height of a picture', async () => {
    expect(await pictureSize(SAMPLE_IMAGES.png)).toEqual({ width: 2, height: 2 });
  });

  it('should answer zeros for bytes that are no picture', async () => {
    expect(await pictureSize(Buffer.from('not a picture'))).toEqual({ width: 0, height: 0 });
  });
});
