import { Card, Result } from 'antd';
import { usePageTitle } from '@site/platform';
import { SCREENS } from './shell';

/** A screen whose editor is not built yet: says so instead of an empty page. */
export function PendingScreen({ name }: { name: string }) {
  const label = SCREENS.find((screen) => screen.key === name)?.label ?? name;
  usePageTitle(label);
  return (
    <Card title={label}>
      <Result status="info" title={`${label}编辑器即将上线`} subTitle="该页面的内容目前可通过数据接口维护。" />
    </Card>
  );
}
