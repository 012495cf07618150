import { Controller, Get } from '@nestjs/common';
import type { AboutData, ContactData, FooterData, HeaderData, IndexData } from '@site/shared-types';
import { SiteService } from './site.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiTags } from '@nestjs/swagger';

@ApiTags('public')
@Public()
@Controller('api')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get('header')
  header(): Promise<HeaderData> {
    return this.site.header();
  }

  @Get('footer')
  footer(): Promise<FooterData> {
    return this.site.footer();
  }

  @Get('index')
  index(): Promise<IndexData> {
    return this.site.index();
  }

  @Get('about')
  about(): Promise<AboutData> {
    return this.site.about();
  }

  @Get('contact')
  contact(): Promise<ContactData> {
    return this.site.contact();
  }
}
