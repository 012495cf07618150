import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';
import { AdminAndLeads1763800000000 } from './1763800000000-admin-and-leads.js';
import { PublishedContent1763900000000 } from './1763900000000-published-content.js';
import { SeoFields1764000000000 } from './1764000000000-seo-fields.js';
import { BaiduPush1764200000000 } from './1764200000000-baidu-push.js';
import { TrashAndRevisions1764340000000 } from './1764340000000-trash-and-revisions.js';
import { RemoteReleases1764400000000 } from './1764400000000-remote-releases.js';
import { CanaryVisitors1764500000000 } from './1764500000000-canary-visitors.js';
import { PublishingStates1764600000000 } from './1764600000000-publishing-states.js';
import { MediaLibrary1764700000000 } from './1764700000000-media-library.js';
import { LeadNotifications1764800000000 } from './1764800000000-lead-notifications.js';
import { MediaUses1764900000000 } from './1764900000000-media-uses.js';
import { PreviewGenerations1765000000000 } from './1765000000000-preview-generations.js';
import { WebVitals1765100000000 } from './1765100000000-web-vitals.js';
import { OneOutbox1765200000000 } from './1765200000000-one-outbox.js';
import { Team1765300000000 } from './1765300000000-team.js';
import { LargeSite1765400000000 } from './1765400000000-large-site.js';
import { StoredReleases1765410000000 } from './1765410000000-stored-releases.js';

/** Every migration, in order. Listed explicitly: TypeORM's glob loading does not suit an ESM build. */
export const migrations = [
  InitialSchema1763700000000,
  AdminAndLeads1763800000000,
  PublishedContent1763900000000,
  SeoFields1764000000000,
  BaiduPush1764200000000,
  TrashAndRevisions1764340000000,
  RemoteReleases1764400000000,
  CanaryVisitors1764500000000,
  PublishingStates1764600000000,
  MediaLibrary1764700000000,
  LeadNotifications1764800000000,
  MediaUses1764900000000,
  PreviewGenerations1765000000000,
  WebVitals1765100000000,
  OneOutbox1765200000000,
  Team1765300000000,
  LargeSite1765400000000,
  StoredReleases1765410000000,
];
