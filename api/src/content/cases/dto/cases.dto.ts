import {
  CaseListType,
  type CaseDetailRequest,
  type ItemMoreRequest,
  type ItemsRequest,
  type WebcaseCutRequest,
} from '@site/shared-types';
import { AmountField, CursorField, IdField, OneOfField } from '../../../core/validation.js';

export class ItemsDto implements ItemsRequest {
  @IdField()
  menu: number;
}

export class ItemMoreDto implements ItemMoreRequest {
  @IdField()
  menu: number;

  @AmountField()
  amount: number;

  @OneOfField([CaseListType.Service, CaseListType.Classic], { optional: true })
  type?: CaseListType;

  @CursorField()
  page: number;
}

export class CaseDetailDto implements CaseDetailRequest {
  @IdField()
  case: number;

  @IdField({ optional: true })
  casemenu?: number;
}

export class WebcaseCutDto implements WebcaseCutRequest {
  @IdField()
  menu: number;
}
