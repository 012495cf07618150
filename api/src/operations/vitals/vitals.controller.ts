import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPost } from '../../core/api-post.decorator.js';
import { Client, type ClientInfo } from '../../core/client-info.js';
import { Public } from '../../core/public.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { VitalsReportDto } from './dto/vitals.dto.js';
import { VitalsService } from './vitals.service.js';

/** Where sampled page views send their figures, beside the error reports (docs/behaviour.md#visitor-experience). */
export const VITALS_PATH = '/api/frontend/vitals';

/** A sampled page view's LCP, INP, CLS and first input delay (bounded, rate-limited, nothing that names the visitor). */
@ApiTags('public')
@Public()
@Controller('api/frontend')
export class VitalsController {
  constructor(private readonly vitals: VitalsService) {}

  @ApiPost('vitals')
  @ApiOperation({ summary: "Report a sampled page view's web vitals (sent by the browser when the page is hidden)" })
  @ResponseMessage('已收到')
  report(@Body() body: VitalsReportDto, @Client() client: ClientInfo): { counted: boolean } {
    return { counted: this.vitals.report(body, client.ip, client.userAgent) };
  }
}
