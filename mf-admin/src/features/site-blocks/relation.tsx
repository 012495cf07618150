import { Form, Input, InputNumber } from 'antd';
import { EMAIL_PATTERN, MAP_ZOOM } from '@site/shared-types';
import formLayout from '../../common/form-layout.module.css';
import { ImageField } from '../../common/image-field';
import { BlockEditor, Section } from './block-editor';
import { ListField } from './list-field';
import { required } from './rules';

/** `relation`: the company's contact details and map position (the contact pages of both sites). */
export function RelationScreen() {
  return (
    <BlockEditor
      name="relation"
      title="联系方式"
      intro="“联系我们”页面上的公司信息、电话、邮箱、地址、微信与地图位置，电脑版和手机版共用。"
    >
      <Section title="公司信息">
        <div className={formLayout.row}>
          <Form.Item label="公司名称" name="company" rules={[required('请填写公司名称')]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="工作时间" name="workTime">
            <Input maxLength={100} placeholder="周一至周五 9:00-18:00" />
          </Form.Item>
        </div>
        <Form.Item label="介绍" name="intro">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
        <Form.Item label="地址" name="address">
          <Input maxLength={200} />
        </Form.Item>
      </Section>

      <Section title="电话">
        <ListField name="phones" label="电话" max={5} addLabel="添加电话" blank={() => ''} columns={[]}>
          {(field, index) => (
            <Form.Item name={field.name} rules={[required('请填写电话号码')]}>
              <Input maxLength={40} placeholder="400-000-0000" aria-label={`电话${index + 1}`} />
            </Form.Item>
          )}
        </ListField>
      </Section>

      <Section title="网络联系">
        <div className={formLayout.row}>
          <Form.Item label="邮箱" name="email" rules={[{ pattern: EMAIL_PATTERN, message: '请填写正确的邮箱地址' }]}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item label="QQ" name="qq">
            <Input maxLength={30} />
          </Form.Item>
        </div>
        <div className={formLayout.row}>
          <Form.Item label="微信二维码" name={['wechat', 'img']}>
            <ImageField label="微信二维码" />
          </Form.Item>
          <Form.Item label="微信名称" name={['wechat', 'name']}>
            <Input maxLength={50} />
          </Form.Item>
        </div>
      </Section>

      <Section title="地图位置">
        <p className={formLayout.hint}>
          可在地图网站上查到公司位置的经纬度（如高德地图坐标拾取器），地图默认缩放级别为 {MAP_ZOOM}。
        </p>
        <div className={formLayout.row}>
          <Form.Item label="经度" name={['map', 'lng']} rules={[{ required: true, message: '请填写经度' }]}>
            <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="纬度" name={['map', 'lat']} rules={[{ required: true, message: '请填写纬度' }]}>
            <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="缩放级别" name={['map', 'zoom']} rules={[{ required: true, message: '请填写缩放级别' }]}>
            <InputNumber min={3} max={20} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Section>
    </BlockEditor>
  );
}
