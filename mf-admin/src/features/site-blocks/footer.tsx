import { useState } from 'react';
import { App as AntApp, Button, Form, Input, Select, Space } from 'antd';
import { MenuId, type FooterAbout, type FooterData } from '@site/shared-types';
import { adminApi } from '../../admin-api';
import formLayout from '../../common/form-layout.module.css';
import { ImageField } from '../../common/image-field';
import { BlockEditor, numbered, Section } from './block-editor';
import { ListField } from './list-field';
import { linkRule, required } from './rules';

/** docs/behaviour.md#site-blocks: a menu may be added to the footer's about links once only. */
export const DUPLICATE_MENU_TAG = '菜单已加载，请勿重复添加，标题添加失败';

/** Picks a menu and adds it to the about links, refusing one that is there already. */
function AboutAdder({ add, full }: { add: (entry: FooterAbout) => void; full: boolean }) {
  const { modal } = AntApp.useApp();
  const form = Form.useFormInstance<FooterData>();
  const { data } = adminApi.useMenusQuery({ page: 1 });
  const [chosen, setChosen] = useState<number | undefined>();
  // Footer links go where the menu goes, except home (docs/behaviour.md#footer: menu id 1 is not linked).
  const menus = (data?.menu ?? []).filter((menu) => menu.id !== MenuId.Home);
  const addChosen = () => {
    const menu = menus.find((entry) => entry.id === chosen);
    if (!menu) return;
    const abouts = (form.getFieldValue('abouts') ?? []) as FooterAbout[];
    if (abouts.some((about) => about.column_id === menu.id)) {
      modal.warning({ title: '提示', content: DUPLICATE_MENU_TAG, okText: '知道了' });
      return;
    }
    add({ id: 0, name: menu.name, column_id: menu.id });
    setChosen(undefined);
  };
  return (
    <Space wrap>
      <Select
        style={{ width: 220 }}
        placeholder="选择要添加的栏目"
        aria-label="选择要添加的栏目"
        showSearch={{ optionFilterProp: 'label' }}
        value={chosen}
        onChange={setChosen}
        disabled={full}
        options={[
          { label: '一级栏目', options: menus.filter((menu) => menu.grade === 1) },
          { label: '子栏目', options: menus.filter((menu) => menu.grade > 1) },
        ].map((group) => ({ ...group, options: group.options.map((menu) => ({ value: menu.id, label: menu.name })) }))}
      />
      <Button type="dashed" onClick={addChosen} disabled={full || chosen === undefined}>
        {full ? '已达上限' : '添加栏目链接'}
      </Button>
    </Space>
  );
}

/** `footer`: everything the desktop footer shows (the footer block of docs/behaviour.md#content-model). */
export function FooterScreen() {
  const { data } = adminApi.useMenusQuery({ page: 1 });
  const menuName = (id: number) => data?.menu.find((menu) => menu.id === id)?.name ?? `栏目 ${id}`;
  return (
    <BlockEditor
      name="footer"
      title="页脚设置"
      intro="电脑版页脚：关于我们链接、联系方式、友情链接、公众号二维码、在线客服与备案信息。"
      prepare={(values) => ({
        ...values,
        abouts: numbered(values.abouts ?? []),
        contact: numbered(values.contact ?? []),
        link: numbered(values.link ?? []),
        qq: numbered(values.qq ?? []),
      })}
    >
      <Section title="关于我们链接">
        <ListField
          name="abouts"
          label="关于我们链接"
          max={12}
          adder={(add, full) => <AboutAdder add={add} full={full} />}
          columns={['显示名称', '链接到栏目']}
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item name={[field.name, 'name']} rules={[required('请填写显示名称')]}>
                <Input maxLength={30} aria-label={`关于我们链接${index + 1}名称`} />
              </Form.Item>
              <Form.Item shouldUpdate>
                {({ getFieldValue }) => (
                  <Input
                    value={menuName(getFieldValue(['abouts', field.name, 'column_id']) as number)}
                    disabled
                    aria-label={`关于我们链接${index + 1}栏目`}
                  />
                )}
              </Form.Item>
            </div>
          )}
        </ListField>
      </Section>

      <Section title="联系方式">
        <ListField
          name="contact"
          label="联系方式"
          max={10}
          addLabel="添加联系方式"
          blank={() => ({ id: 0, img: '', content: '' })}
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item label="图标" name={[field.name, 'img']}>
                <ImageField label={`联系方式${index + 1}图标`} />
              </Form.Item>
              <Form.Item label="内容" name={[field.name, 'content']} rules={[required('请填写联系方式内容')]}>
                <Input maxLength={100} placeholder="服务热线：400-000-0000" aria-label={`联系方式${index + 1}内容`} />
              </Form.Item>
            </div>
          )}
        </ListField>
      </Section>

      <Section title="友情链接">
        <ListField
          name="link"
          label="友情链接"
          max={30}
          addLabel="添加友情链接"
          blank={() => ({ id: 0, name: '', site: '' })}
          columns={['名称', '网址']}
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item name={[field.name, 'name']} rules={[required('请填写链接名称')]}>
                <Input maxLength={50} aria-label={`友情链接${index + 1}名称`} />
              </Form.Item>
              <Form.Item name={[field.name, 'site']} rules={[linkRule()]}>
                <Input maxLength={500} placeholder="https://" aria-label={`友情链接${index + 1}网址`} />
              </Form.Item>
            </div>
          )}
        </ListField>
      </Section>

      <Section title="在线客服">
        <ListField
          name="qq"
          label="在线客服"
          max={10}
          addLabel="添加客服链接"
          blank={() => ({ id: 0, name: '', site: '' })}
          columns={['名称', '聊天链接']}
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item name={[field.name, 'name']} rules={[required('请填写客服名称')]}>
                <Input maxLength={50} placeholder="售前咨询" aria-label={`在线客服${index + 1}名称`} />
              </Form.Item>
              <Form.Item name={[field.name, 'site']} rules={[linkRule()]}>
                <Input maxLength={500} placeholder="https://" aria-label={`在线客服${index + 1}链接`} />
              </Form.Item>
            </div>
          )}
        </ListField>
      </Section>

      <Section title="公众号二维码">
        <div className={formLayout.row}>
          <Form.Item label="二维码图片" name={['wechat', 'img']}>
            <ImageField label="公众号二维码" />
          </Form.Item>
          <div>
            <Form.Item label="第一行文字" name={['wechat', 'p1']}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="第二行文字" name={['wechat', 'p2']}>
              <Input maxLength={50} />
            </Form.Item>
          </div>
        </div>
      </Section>

      <Section title="版权与备案">
        <Form.Item label="版权信息" name={['information', 'Copyright']}>
          <Input maxLength={200} />
        </Form.Item>
        <div className={formLayout.row}>
          <Form.Item label="ICP备案号" name={['information', 'link', 'name']}>
            <Input maxLength={100} placeholder="粤ICP备00000000号-1" />
          </Form.Item>
          <Form.Item label="备案号链接" name={['information', 'link', 'site']} rules={[linkRule(true)]}>
            <Input maxLength={500} placeholder="https://beian.miit.gov.cn/" />
          </Form.Item>
        </div>
        {[0, 1].map((index) => (
          <div className={formLayout.row} key={index}>
            <Form.Item label={`备案标识${index + 1}图片`} name={['information', 'mark', 'imgs', index, 'img']}>
              <ImageField label={`备案标识${index + 1}`} />
            </Form.Item>
            <Form.Item label={`备案标识${index + 1}文字`} name={['information', 'mark', 'imgs', index, 'content']}>
              <Input maxLength={100} />
            </Form.Item>
          </div>
        ))}
        <Form.Item label="备案区说明" name={['information', 'mark', 'mak']}>
          <Input maxLength={200} />
        </Form.Item>
      </Section>
    </BlockEditor>
  );
}
