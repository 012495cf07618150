import { ROUTE_TITLES } from '@site/shared-types';
import { defineRoute, read, useRouteData } from '@site/platform';
import { Loading } from '../../common/page-states';
import { ServiceTiles } from '../../common/service-tiles';
import page from '../../common/page.module.css';

function ServicesPage() {
  const { data } = useRouteData(servicesRoute).home;
  return (
    <main data-page="fwxm">
      <section className={page.card}>
        <h1>服务项目</h1>
        <p className={page.intro}>选择一项服务，查看我们为客户完成的案例。</p>
        {data ? <ServiceTiles services={data.service} /> : <Loading />}
      </section>
    </main>
  );
}

/** `/move/fwxm`: the service tiles on their own, each opening its service's case list. */
export const servicesRoute = defineRoute({
  name: 'fwxm',
  Page: ServicesPage,
  load: () => ({ home: read('home') }),
  head: () => ({ title: ROUTE_TITLES.fwxm ?? null }),
});
