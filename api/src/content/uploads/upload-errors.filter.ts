import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { AllExceptionsFilter } from '../../core/all-exceptions.filter.js';
import { ApiException, invalid } from '../../core/api.exception.js';
import { UploadsService } from './uploads.service.js';

/** Multer's own refusals (file too large, unexpected field), in words for the person uploading. */
function multerMessage(exception: unknown, uploads: UploadsService): string | null {
  if (!(exception instanceof HttpException)) return null;
  if (exception.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) return uploads.tooLargeMessage;
  if (exception.getStatus() === HttpStatus.BAD_REQUEST) return '请选择一张图片上传';
  return null;
}

/**
 * `POST /api/uploader`: multer's refusals become code 2 with a message the back office shows, instead of a
 * transport error. The global filter writes the answer.
 */
@Injectable()
@Catch()
export class UploaderErrorsFilter implements ExceptionFilter {
  private readonly fallback = new AllExceptionsFilter();

  constructor(private readonly uploads: UploadsService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const message = multerMessage(exception, this.uploads);
    this.fallback.catch(message === null ? exception : invalid(message), host);
  }
}

/** `POST /api/uploaders`: CKEditor 5's simple upload adapter reads `{error: {message}}` whatever went wrong. */
@Injectable()
@Catch()
export class CkeditorErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Uploads');

  constructor(private readonly uploads: UploadsService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const message = exception instanceof ApiException ? exception.message : multerMessage(exception, this.uploads);
    if (message === null) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    const res = host.switchToHttp().getResponse<Response>();
    if (!res.headersSent) res.status(200).json({ error: { message: message ?? '上传失败，请稍后再试' } });
  }
}
