import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, AmendResult, CaseAdminRow, CaseForm } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { IdDto } from '../../core/id.dto.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { CasesAdminService } from './cases.admin.service.js';
import { CaseFormDto, CaseListDto, GetCaseDto } from './dto/cases.admin.dto.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, bodyItem, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: cases')
@ApiSecurity('token')
@Controller('api')
export class CasesAdminController {
  constructor(private readonly cases: CasesAdminService) {}

  @Access('write')
  @NotAudited()
  @ApiPost('case')
  @ApiOperation({ summary: 'Cases, newest first, filtered by service menu, tab and name' })
  list(@Body() body: CaseListDto, @CurrentAdmin() admin: AdminIdentity): Promise<AdminList<CaseAdminRow>> {
    return this.cases.list(body, admin);
  }

  @Access('write')
  @NotAudited()
  @ApiPost('getcase')
  @ApiOperation({ summary: 'One case as its edit form' })
  get(@Body() body: GetCaseDto, @CurrentAdmin() admin: AdminIdentity): Promise<CaseForm> {
    return this.cases.get(body.caseid, admin);
  }

  @Access('write')
  @Audited('case_save', bodyItem('case'))
  @ApiPost('amendcase')
  @ApiOperation({ summary: 'Create (id 0) or update a case; content is sanitised' })
  @ResponseMessage('保存成功')
  save(@Body() body: CaseFormDto, @CurrentAdmin() admin: AdminIdentity): Promise<AmendResult> {
    return this.cases.save(body, admin);
  }

  @Access('edit')
  @Audited('case_delete', bodyItem('case'))
  @ApiPost('deletecase')
  @ApiOperation({ summary: 'Move a case to the recycle bin (purged after 30 days)' })
  @ResponseMessage('删除成功')
  async remove(@Body() body: IdDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.cases.remove(body.id, admin.userId);
    return null;
  }
}
