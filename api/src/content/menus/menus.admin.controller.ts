import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, AmendResult, MenuForm, MenuNode, MenuOption } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { IdDto } from '../../core/id.dto.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { GetMenuDto, MenuFormDto, MenuListDto } from './dto/menus.dto.js';
import { MenusAdminService } from './menus.admin.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, bodyItem, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: menus')
@ApiSecurity('token')
@Controller('api')
export class MenusAdminController {
  constructor(private readonly menus: MenusAdminService) {}

  @Access('edit')
  @NotAudited()
  @ApiPost('menu')
  @ApiOperation({ summary: 'Menu tree, a page of top-level menus at a time' })
  list(@Body() body: MenuListDto): Promise<AdminList<MenuNode, MenuOption>> {
    return this.menus.list(body.menu, body.page, body.search);
  }

  @Access('edit')
  @NotAudited()
  @ApiPost('getmenu')
  @ApiOperation({ summary: 'One menu as its edit form' })
  get(@Body() body: GetMenuDto): Promise<MenuForm> {
    return this.menus.get(body.menuid);
  }

  @Access('edit')
  @Audited('menu_save', bodyItem('menu'))
  @ApiPost('amendmenu')
  @ApiOperation({ summary: 'Create (id 0) or update a menu' })
  @ResponseMessage('保存成功')
  save(@Body() body: MenuFormDto): Promise<AmendResult> {
    return this.menus.save(body);
  }

  @Access('edit')
  @Audited('menu_delete', bodyItem('menu'))
  @ApiPost('deletemenu')
  @ApiOperation({
    summary: 'Move a menu without children or cases to the recycle bin (the seven fixed menus stay)',
  })
  @ResponseMessage('删除成功')
  async remove(@Body() body: IdDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.menus.remove(body.id, admin.userId);
    return null;
  }
}
