import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { FileWriter } from './file-writer.js';
import { LocalMediaStore } from './local-media-store.js';
import { MEDIA_STORE, type MediaStore } from './media-store.js';
import { S3MediaStore } from './s3-media-store.js';

/** The store `MEDIA_STORAGE` names (the commands open one the same way, without Nest). */
export function createMediaStore(config: AppConfig, writer = new FileWriter()): MediaStore {
  if (config.media.storage === 's3') return new S3MediaStore(config.media.s3!);
  return new LocalMediaStore(config.dataDir, writer);
}

/**
 * The store, opened before anything uses it (the seed draws its images at start). A store that cannot be reached
 * does not stop the server: pages and the API work without it, each media request tries again, and the log says so.
 */
async function openMediaStore(config: AppConfig, writer: FileWriter): Promise<MediaStore> {
  const store = createMediaStore(config, writer);
  const logger = new Logger('Media');
  try {
    await store.open();
    logger.log(`Media are kept in ${store.where}`);
  } catch (error) {
    logger.error(`The media store cannot be opened: ${(error as Error).message}`);
  }
  return store;
}

@Injectable()
class MediaStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  onApplicationShutdown(): Promise<void> {
    return this.store.close();
  }
}

/** The media store every area uses (docs/decisions.md "Media storage"). */
@Global()
@Module({
  providers: [
    FileWriter,
    {
      provide: MEDIA_STORE,
      inject: [APP_CONFIG, FileWriter],
      useFactory: openMediaStore,
    },
    MediaStoreLifecycle,
  ],
  exports: [MEDIA_STORE, FileWriter],
})
export class MediaModule {}
