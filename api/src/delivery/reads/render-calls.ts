import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ResultCode, type ApiCallRequest, type Envelope } from '@site/shared-types';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ContentVersion } from './content-version.js';
import { PublishedCache } from './published-cache.js';
import { PublicReads } from './public-reads.js';

/** How many answers the render keeps as objects (a site has a few hundred distinct public reads). */
const MAX_ANSWERS = 2000;

/**
 * The server render's API calls answered in this process (docs/architecture.md "Render path"): the same public
 * reads and envelopes the browser gets, without a request over loopback and without JSON in between. While the
 * published-content cache is on, each answer is computed once per content version and kept as an object;
 * concurrent renders needing one answer share its computation.
 */
@Injectable()
export class RenderCalls implements OnModuleInit {
  private readonly logger = new Logger('SSR');
  /** Answers as objects, counted one each; only successes are kept. */
  private readonly answers = new PublishedCache<Envelope<unknown>>(MAX_ANSWERS, () => 1);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: PublicReads,
    private readonly version: ContentVersion,
  ) {}

  onModuleInit(): void {
    this.version.onChange(() => this.answers.flush());
  }

  call = async ({ path, method, body }: ApiCallRequest): Promise<Envelope<unknown>> => {
    const route = this.reads.find(method, path);
    if (!route) {
      this.logger.warn(`a server render called ${method} ${path}, which is not a public read`);
      return { code: ResultCode.Failure, msg: '接口不存在', data: null };
    }
    const key = this.config.cache.enabled ? this.reads.keyOf(route, body) : null;
    if (key === null) return route.call(body);
    const { entry } = await this.answers.load(
      key,
      () => route.call(body),
      (answer) => answer.code === ResultCode.Ok,
    );
    return entry!;
  };
}
