import { Body, Controller, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AuditList } from '@site/shared-types';
import { ApiPost } from '../api-post.decorator.js';
import { Access } from '../auth/access.decorator.js';
import { RawResponse } from '../raw-response.decorator.js';
import { Audited, NotAudited } from './audited.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditListDto } from './dto/audit.dto.js';

@ApiTags('admin: audit trail')
@ApiSecurity('token')
@Controller('api')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Access('manage')
  @NotAudited()
  @ApiPost('auditlog')
  @ApiOperation({
    summary: 'The audit trail, newest first, filtered by person, operation, item and Beijing dates; `more` pages on',
  })
  list(@Body() body: AuditListDto): Promise<AuditList> {
    return this.audit.list(body);
  }

  @Access('manage')
  @Audited('audit_export')
  @ApiPost('exportauditlog')
  @ApiOperation({ summary: 'The filtered audit trail as a CSV file (UTF-8 with BOM; the file, not an envelope)' })
  @ApiProduces('text/csv; charset=utf-8')
  @RawResponse()
  exportFile(@Body() body: AuditListDto): StreamableFile {
    const name = this.audit.exportFileName(new Date());
    return new StreamableFile(this.audit.exportCsv(body), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  }
}
