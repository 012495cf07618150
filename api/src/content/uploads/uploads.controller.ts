import { Controller, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { UploadData } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { AllowQueryToken } from '../../core/public.decorator.js';
import { RawResponse } from '../../core/raw-response.decorator.js';
import { CkeditorErrorsFilter, UploaderErrorsFilter } from './upload-errors.filter.js';
import { UploadsService } from './uploads.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited } from '../../core/audit/audited.decorator.js';

const fileBody = (field: string) =>
  ApiBody({
    schema: { type: 'object', properties: { [field]: { type: 'string', format: 'binary' } }, required: [field] },
  });

@ApiTags('admin: uploads')
@ApiSecurity('token')
@Controller('api')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Access('write')
  @Audited('upload')
  @ApiPost('uploader')
  @ApiOperation({
    summary:
      'Upload an image (JPEG, PNG, GIF or WebP, checked by content, stored re-encoded) as field "file"; answers data.url',
  })
  @ApiConsumes('multipart/form-data')
  @fileBody('file')
  @UseFilters(UploaderErrorsFilter)
  @UseInterceptors(FileInterceptor('file'))
  upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<UploadData> {
    return this.uploads.store(file);
  }

  @Access('write')
  @Audited('upload')
  @ApiPost('uploaders')
  @ApiOperation({
    summary:
      'Image upload for CKEditor 5 (field "upload", token also accepted as ?token=); answers {url} or {error: {message}}',
  })
  @ApiConsumes('multipart/form-data')
  @ApiQuery({ name: 'token', required: false })
  @ApiOkResponse({
    description: "CKEditor 5's upload adapter format, not the envelope",
    schema: {
      oneOf: [
        {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', example: '/uploads/2026/11/….png' } },
        },
        {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'object', properties: { message: { type: 'string' } } } },
        },
      ],
    },
  })
  @fileBody('upload')
  @AllowQueryToken()
  @RawResponse()
  @UseFilters(CkeditorErrorsFilter)
  @UseInterceptors(FileInterceptor('upload'))
  uploadForEditor(@UploadedFile() file: Express.Multer.File | undefined): Promise<UploadData> {
    return this.uploads.store(file);
  }
}
