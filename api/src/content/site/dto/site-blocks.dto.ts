import type {
  AboutData,
  BannerItem,
  ClientLogo,
  ContactData,
  CultureItem,
  FilingMark,
  FooterAbout,
  FooterContact,
  FooterData,
  FooterInformation,
  FooterWechat,
  HeaderBlock,
  HomeBlock,
  NewsColumnBlock,
  HonourItem,
  ImageRef,
  NamedLink,
  ServiceCard,
} from '@site/shared-types';
import { ArrayMaxSize, ArrayMinSize } from 'class-validator';
import {
  IdField,
  ImageUrlField,
  IntField,
  LinkField,
  NestedArrayField,
  NestedField,
  NumberField,
  TextArrayField,
  TextField,
} from '../../../core/validation.js';

/** The shapes the back office saves for each site block; they mirror `site-blocks.ts` field for field. */

class ImageRefDto implements ImageRef {
  @ImageUrlField({ allowEmpty: true })
  url: string;

  @TextField(100)
  alt: string;
}

class BannerDto implements BannerItem {
  @IdField()
  id: number;

  @ImageUrlField()
  pic: string;

  @TextField(100)
  title: string;

  @LinkField({ allowEmpty: true })
  link: string;
}

export class HeaderBlockDto implements HeaderBlock {
  @NestedField(() => ImageRefDto)
  logo: ImageRefDto;

  @NestedArrayField(() => BannerDto, 10)
  banner: BannerDto[];
}

class FooterAboutDto implements FooterAbout {
  @IdField()
  id: number;

  @TextField(30, { min: 1, label: '菜单名称' })
  name: string;

  @IdField()
  column_id: number;
}

class FooterContactDto implements FooterContact {
  @IdField()
  id: number;

  @ImageUrlField({ allowEmpty: true })
  img: string;

  @TextField(100, { min: 1, label: '联系方式' })
  content: string;
}

class NamedLinkDto implements NamedLink {
  @IdField()
  id: number;

  @TextField(50, { min: 1, label: '链接名称' })
  name: string;

  @LinkField()
  site: string;
}

class FooterWechatDto implements FooterWechat {
  @ImageUrlField({ allowEmpty: true })
  img: string;

  @TextField(50)
  p1: string;

  @TextField(50)
  p2: string;
}

class FilingMarkDto implements FilingMark {
  @ImageUrlField({ allowEmpty: true })
  img: string;

  @TextField(100)
  content: string;
}

class IcpLinkDto {
  @TextField(100)
  name: string;

  @LinkField({ allowEmpty: true })
  site: string;
}

class MarkDto {
  @NestedArrayField(() => FilingMarkDto, 2)
  @ArrayMinSize(2, { message: '参数 imgs 必须正好 2 项' })
  imgs: [FilingMarkDto, FilingMarkDto];

  @TextField(200)
  mak: string;
}

class FooterInformationDto implements FooterInformation {
  @TextField(200)
  Copyright: string;

  @NestedField(() => IcpLinkDto)
  link: IcpLinkDto;

  @NestedField(() => MarkDto)
  mark: MarkDto;
}

export class FooterBlockDto implements FooterData {
  @NestedArrayField(() => FooterAboutDto, 12)
  abouts: FooterAboutDto[];

  @NestedArrayField(() => FooterContactDto, 10)
  contact: FooterContactDto[];

  @NestedArrayField(() => NamedLinkDto, 30)
  link: NamedLinkDto[];

  @NestedField(() => FooterWechatDto)
  wechat: FooterWechatDto;

  @NestedField(() => FooterInformationDto)
  information: FooterInformationDto;

  @NestedArrayField(() => NamedLinkDto, 10)
  qq: NamedLinkDto[];
}

class SectionDto {
  @TextField(50)
  title: string;

  @TextField(300)
  intro: string;

  @ImageUrlField({ allowEmpty: true })
  background: string;
}

class NewsColumnDto implements NewsColumnBlock {
  @TextField(50)
  title: string;

  @LinkField({ allowEmpty: true })
  site: string;

  @IdField({ description: 'news category whose newest articles fill the column' })
  category: number;
}

class DynamicSectionDto extends SectionDto {
  @NestedField(() => NewsColumnDto)
  viewpoint: NewsColumnDto;

  @NestedField(() => NewsColumnDto)
  extend: NewsColumnDto;
}

class ServiceCardDto implements ServiceCard {
  @IdField()
  id: number;

  @ImageUrlField({ allowEmpty: true })
  img: string;

  @TextField(30, { min: 1, label: '服务名称' })
  name: string;

  @TextField(60)
  scene: string;

  @TextField(100)
  nature: string;

  @TextArrayField(3, 60)
  @ArrayMinSize(3, { message: '参数 intro 必须正好 3 行' })
  @ArrayMaxSize(3, { message: '参数 intro 必须正好 3 行' })
  intro: string[];
}

class ClientLogoDto implements ClientLogo {
  @IdField()
  id: number;

  @ImageUrlField()
  img: string;

  @TextField(50)
  name: string;
}

export class HomeBlockDto implements HomeBlock {
  @NestedField(() => SectionDto)
  success: SectionDto;

  @NestedField(() => DynamicSectionDto)
  dynamic: DynamicSectionDto;

  @NestedArrayField(() => ServiceCardDto, 4)
  service: ServiceCardDto[];

  @NestedArrayField(() => ClientLogoDto, 36)
  client: ClientLogoDto[];
}

class ProfileDto {
  @TextField(50)
  title: string;

  @TextField(100)
  subtitle: string;

  @TextArrayField(10, 1000)
  paragraphs: string[];

  @ImageUrlField({ allowEmpty: true })
  img: string;
}

class CultureItemDto implements CultureItem {
  @TextField(30)
  title: string;

  @TextField(300)
  intro: string;

  @ImageUrlField({ allowEmpty: true })
  img: string;
}

class CultureDto {
  @TextField(50)
  title: string;

  @TextField(300)
  intro: string;

  @NestedArrayField(() => CultureItemDto, 6)
  items: CultureItemDto[];
}

class ProcessDto {
  @TextField(50)
  title: string;

  @TextField(300)
  intro: string;
}

class HonourItemDto implements HonourItem {
  @ImageUrlField()
  img: string;

  @TextField(60)
  title: string;
}

class HonoursDto {
  @TextField(50)
  title: string;

  @TextField(300)
  intro: string;

  @NestedArrayField(() => HonourItemDto, 20)
  items: HonourItemDto[];
}

export class AboutBlockDto implements AboutData {
  @NestedField(() => ProfileDto)
  profile: ProfileDto;

  @NestedField(() => CultureDto)
  culture: CultureDto;

  @NestedField(() => ProcessDto)
  process: ProcessDto;

  @NestedField(() => HonoursDto)
  honours: HonoursDto;
}

class WechatCardDto {
  @ImageUrlField({ allowEmpty: true })
  img: string;

  @TextField(50)
  name: string;
}

class MapDto {
  @NumberField(-180, 180)
  lng: number;

  @NumberField(-90, 90)
  lat: number;

  @IntField(3, 20)
  zoom: number;
}

export class ContactBlockDto implements ContactData {
  @TextField(100, { min: 1, label: '公司名称' })
  company: string;

  @TextField(500)
  intro: string;

  @TextField(200)
  address: string;

  @TextArrayField(5, 40)
  phones: string[];

  @TextField(254)
  email: string;

  @TextField(30)
  qq: string;

  @NestedField(() => WechatCardDto)
  wechat: WechatCardDto;

  @NestedField(() => MapDto)
  map: MapDto;

  @TextField(100)
  workTime: string;
}
