import { Link, useLocation, useParams } from 'react-router-dom';
import { parseHtmlId, PROCESS_STEPS, truncateName, type CaseSummary } from '@site/shared-types';
import { NotFound, publicApi, usePageTitle } from '@site/platform';
import { caseTabOf, ROUTE_TITLES } from './prefetch';
import styles from './mobile.module.css';

function Loading() {
  return (
    <p className={styles.loading} aria-busy="true">
      加载中…
    </p>
  );
}

export function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/move/" />;
}

function useId(): number {
  return parseHtmlId(useParams().id) ?? 0;
}

function CaseList({ cases }: { cases: CaseSummary[] }) {
  return (
    <ul className={styles.cases}>
      {cases.map((item) => (
        <li key={item.id}>
          <Link to={`/move/details/${item.id}.html`}>
            <img src={item.img} alt={item.name} width={345} height={218} loading="lazy" decoding="async" />
            <strong>{truncateName(item.name)}</strong>
            <span>{item.scene}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ServiceTiles() {
  const { data } = publicApi.useHomeQuery();
  if (!data) return <Loading />;
  return (
    <ul className={styles.tiles}>
      {data.service.map((service) => (
        <li key={service.id}>
          <Link to={`/move/items/${service.id}.html`}>
            <strong>{service.name}</strong>
            <span>{service.intro[0]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function HomePage() {
  usePageTitle(ROUTE_TITLES.meindex);
  const { data } = publicApi.useHomeQuery();
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="meindex">
      <h1 className={styles.visuallyHidden}>网站建设、新媒体营销、软件开发与品牌设计</h1>
      <section>
        <h2>我们的服务</h2>
        <ServiceTiles />
      </section>
      <section>
        <h2>服务流程</h2>
        <ol className={styles.steps}>
          {PROCESS_STEPS.map((step) => (
            <li key={step.name} style={{ borderColor: step.color }}>
              {step.name}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h2>{data.success.title}</h2>
        <CaseList cases={data.success.content.map((c) => ({ ...c, intro: '' }) as CaseSummary)} />
        <Link className={styles.more} to="/move/case.html">
          查看更多案例
        </Link>
      </section>
    </main>
  );
}

export function ServicesPage() {
  usePageTitle(ROUTE_TITLES.fwxm);
  return (
    <main className={styles.main} data-page="fwxm">
      <h1>服务项目</h1>
      <ServiceTiles />
    </main>
  );
}

export function CasesPage() {
  usePageTitle(ROUTE_TITLES.mecase);
  const tab = caseTabOf(useLocation().search);
  const all = publicApi.useWebcaseQuery().data;
  const list = publicApi.useWebcaseTabQuery({ menu: tab }).data;
  if (!all || !list) return <Loading />;
  return (
    <main className={styles.main} data-page="mecase">
      <h1>客户案例</h1>
      <nav className={styles.tabs} aria-label="案例分类">
        {all.casemenu.map((link) => (
          <Link key={link.id} to={`/move/case.html?tab=${link.id}`} aria-current={link.id === tab ? 'page' : undefined}>
            {link.name}
          </Link>
        ))}
      </nav>
      <CaseList cases={list.casecontent} />
    </main>
  );
}

export function AboutPage() {
  usePageTitle(ROUTE_TITLES.mezhy);
  const { data } = publicApi.useAboutQuery();
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="mezhy">
      <h1>{data.profile.title}</h1>
      <p className={styles.intro}>{data.profile.subtitle}</p>
      {data.profile.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <h2>{data.culture.title}</h2>
      {data.culture.items.map((item) => (
        <p key={item.title}>
          <strong>{item.title}</strong>：{item.intro}
        </p>
      ))}
    </main>
  );
}

export function ContactPage({ name }: { name: 'meabout' | 'meus' }) {
  usePageTitle(ROUTE_TITLES[name]);
  const { data } = publicApi.useContactQuery();
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page={name}>
      <h1>{ROUTE_TITLES[name]}</h1>
      <p className={styles.intro}>{data.intro}</p>
      <address className={styles.contact}>
        <strong>{data.company}</strong>
        <span>地址：{data.address}</span>
        {data.phones.map((phone) => (
          <span key={phone}>
            电话：<a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </span>
        ))}
        <span>
          邮箱：<a href={`mailto:${data.email}`}>{data.email}</a>
        </span>
      </address>
    </main>
  );
}

export function ItemsPage() {
  const id = useId();
  const { data, isError } = publicApi.useItemsQuery({ menu: id });
  usePageTitle(data?.menu.title ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="meitems">
      <h1>{data.menu.title}</h1>
      <p className={styles.intro}>{data.menu.intro}</p>
      <CaseList cases={data.case.caselist} />
    </main>
  );
}

export function CaseDetailPage() {
  const id = useId();
  const { data, isError } = publicApi.useCaseDetailQuery({ case: id });
  usePageTitle(data?.name ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="medetails">
      <article>
        <h1>{data.name}</h1>
        <p className={styles.intro}>{data.scene}</p>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.content }} />
      </article>
      <nav className={styles.pager} aria-label="上一个 / 下一个案例">
        {data.upId ? <Link to={`/move/details/${data.upId}.html`}>上一个：{data.upname}</Link> : <span>没有了</span>}
        {data.downId ? (
          <Link to={`/move/details/${data.downId}.html`}>下一个：{data.downname}</Link>
        ) : (
          <span>没有了</span>
        )}
      </nav>
    </main>
  );
}

export function NewsDetailPage() {
  const id = useId();
  const { data, isError } = publicApi.useNewsDetailQuery({ case: id });
  usePageTitle(data?.title ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="menews">
      <article>
        <h1>{data.title}</h1>
        <p className={styles.intro}>
          <time dateTime={data.create_time.slice(0, 10)}>{data.create_time.slice(0, 10)}</time>
        </p>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.content }} />
      </article>
      <nav className={styles.pager} aria-label="上一篇 / 下一篇">
        {data.upId ? <Link to={`/move/news/${data.upId}.html`}>上一篇：{data.uptitle}</Link> : <span>没有了</span>}
        {data.downId ? (
          <Link to={`/move/news/${data.downId}.html`}>下一篇：{data.downtitle}</Link>
        ) : (
          <span>没有了</span>
        )}
      </nav>
    </main>
  );
}
