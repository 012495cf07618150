import { Body, Controller, Get, Query } from '@nestjs/common';
import {
  CaseListType,
  DEFAULT_CASEMENU,
  type CaseDetail,
  type CaseSummary,
  type ItemsData,
  type Paged,
  type WebcaseCutData,
  type WebcaseData,
} from '@site/shared-types';
import { ApiGetForm } from '../../core/api-get-form.decorator.js';
import { ApiPost } from '../../core/api-post.decorator.js';
import { CasesService } from './cases.service.js';
import { CaseDetailDto, ItemMoreDto, ItemsDto, WebcaseCutDto } from './dto/cases.dto.js';
import { Public } from '../../core/public.decorator.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicRead } from '../../core/public-read.decorator.js';

@ApiTags('public')
@Public()
@Controller('api')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @ApiPost('items')
  @PublicRead()
  @ApiOperation({ summary: "A service menu's banner, offerings and first cases" })
  items(@Body() body: ItemsDto): Promise<ItemsData> {
    return this.cases.items(body.menu);
  }

  @ApiGetForm('items', "A service menu's banner, offerings and first cases")
  @PublicRead()
  itemsByQuery(@Query() query: ItemsDto): Promise<ItemsData> {
    return this.items(query);
  }

  @ApiPost('itemmore')
  @PublicRead()
  @ApiOperation({ summary: 'Next cases of a service menu (type 1) or a customer-case tab (type 2) after a cursor' })
  more(@Body() body: ItemMoreDto): Promise<Paged<CaseSummary>> {
    return this.cases.more(body.type ?? CaseListType.Service, body.menu, body.page, body.amount);
  }

  @ApiGetForm('itemmore', 'Next cases of a service menu or a customer-case tab')
  @PublicRead()
  moreByQuery(@Query() query: ItemMoreDto): Promise<Paged<CaseSummary>> {
    return this.more(query);
  }

  @ApiPost('details')
  @PublicRead()
  @ApiOperation({ summary: 'One case with its previous and next case in the list it was opened from' })
  detail(@Body() body: CaseDetailDto): Promise<CaseDetail> {
    return this.cases.detail(body.case, body.casemenu ?? DEFAULT_CASEMENU);
  }

  @ApiGetForm('details', 'One case with its previous and next case')
  @PublicRead()
  detailByQuery(@Query() query: CaseDetailDto): Promise<CaseDetail> {
    return this.detail(query);
  }

  @Get('webcase')
  @PublicRead()
  @ApiOperation({ summary: 'Customer-case tabs and the first cases of the first tab' })
  webcase(): Promise<WebcaseData> {
    return this.cases.webcase();
  }

  @ApiPost('webcasecut')
  @PublicRead()
  @ApiOperation({ summary: "A customer-case tab's first cases" })
  webcaseCut(@Body() body: WebcaseCutDto): Promise<WebcaseCutData> {
    return this.cases.webcaseCut(body.menu);
  }

  @ApiGetForm('webcasecut', "A customer-case tab's first cases")
  @PublicRead()
  webcaseCutByQuery(@Query() query: WebcaseCutDto): Promise<WebcaseCutData> {
    return this.webcaseCut(query);
  }
}
