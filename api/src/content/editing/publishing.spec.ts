import { ApiException } from '../../core/api.exception.js';
import { publicChange, publishingFields, SCHEDULE_IN_PAST, SCHEDULE_NEEDS_TIME } from './publishing.js';

const now = new Date('2026-11-26T04:00:00Z');

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiException) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('publishingFields', () => {
  it('should take no state as published, and drop the time of anything but a scheduled item', () => {
    expect(publishingFields({}, now)).toEqual({ status: 'published', publish_at: null });
    expect(publishingFields({ status: 'draft', publish_at: '2030-01-01T00:00:00Z' }, now)).toEqual({
      status: 'draft',
      publish_at: null,
    });
    expect(publishingFields({ status: 'scheduled', publish_at: '2026-11-26T12:00:01+08:00' }, now)).toEqual({
      status: 'scheduled',
      publish_at: new Date('2026-11-26T04:00:01Z'),
    });
  });

  it('should refuse a scheduled item without a time to come', () => {
    expect(refusal(() => publishingFields({ status: 'scheduled' }, now))).toBe(SCHEDULE_NEEDS_TIME);
    expect(refusal(() => publishingFields({ status: 'scheduled', publish_at: '2026-11-26T12:00:00+08:00' }, now))).toBe(
      SCHEDULE_IN_PAST,
    );
  });
});

describe('publicChange', () => {
  it('should tell what happened to the public pages', () => {
    expect([
      publicChange(false, true),
      publicChange(true, true),
      publicChange(true, false),
      publicChange(false, false),
    ]).toEqual(['create', 'update', 'delete', 'none']);
  });
});
