import { Link, useLocation, useParams } from 'react-router-dom';
import {
  DEFAULT_WEBCASE_ID,
  parseHtmlId,
  PROCESS_STEPS,
  splitCreateTime,
  truncateName,
  type CaseSummary,
  type NewsSummary,
} from '@site/shared-types';
import { NotFound, publicApi, usePageTitle } from '@site/platform';
import { casemenuOf, ROUTE_TITLES } from './prefetch';
import styles from './desktop.module.css';

function Loading() {
  return (
    <p className={styles.loading} aria-busy="true">
      加载中…
    </p>
  );
}

function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/" />;
}

function useId(): number {
  return parseHtmlId(useParams().id) ?? 0;
}

function CaseCards({ cases, casemenu }: { cases: CaseSummary[]; casemenu: number }) {
  return (
    <ul className={styles.cards}>
      {cases.map((item) => (
        <li key={item.id} className={styles.card}>
          <Link to={`/details/${item.id}.html?casemenu=${casemenu}`}>
            <img src={item.img} alt={item.name} width={380} height={240} loading="lazy" decoding="async" />
            <h3>{truncateName(item.name)}</h3>
            <p>{item.scene}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NewsItems({ news }: { news: Pick<NewsSummary, 'id' | 'title' | 'intro' | 'create_time'>[] }) {
  return (
    <ul className={styles.newsList}>
      {news.map((item) => {
        const date = splitCreateTime(item.create_time);
        return (
          <li key={item.id}>
            <Link to={`/news/${item.id}.html`}>
              <time dateTime={item.create_time.slice(0, 10)}>
                <b>{date.day}</b>
                {date.yearMonth}
              </time>
              <span>
                <strong>{item.title}</strong>
                <em>{item.intro}</em>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function HomePage() {
  usePageTitle(ROUTE_TITLES.index);
  const { data } = publicApi.useHomeQuery();
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="index">
      <h1 className={styles.visuallyHidden}>网站建设、新媒体营销、软件开发与品牌设计</h1>
      <section className={styles.section}>
        <h2>我们的服务</h2>
        <ul className={styles.services}>
          {data.service.map((service) => (
            <li key={service.id}>
              <Link to={`/items/${service.id}.html`}>
                <h3>{service.name}</h3>
                {service.intro.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section}>
        <h2>{data.success.title}</h2>
        <p className={styles.intro}>{data.success.intro}</p>
        <CaseCards cases={data.success.content.map((c) => ({ ...c, intro: '' }) as CaseSummary)} casemenu={2} />
        <Link className={styles.more} to={`/webcase/${DEFAULT_WEBCASE_ID}.html`}>
          了解更多案例
        </Link>
      </section>
      <section className={styles.section}>
        <h2>服务流程</h2>
        <ol className={styles.steps}>
          {PROCESS_STEPS.map((step) => (
            <li key={step.name} style={{ borderColor: step.color }}>
              {step.name}
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.section}>
        <h2>
          <Link to="/itemnews.html">{data.dynamic.title}</Link>
        </h2>
        <NewsItems news={data.dynamic.content.viewpoint.content} />
      </section>
    </main>
  );
}

export function AboutPage() {
  usePageTitle(ROUTE_TITLES.about);
  const about = publicApi.useAboutQuery().data;
  const contact = publicApi.useContactQuery().data;
  if (!about || !contact) return <Loading />;
  return (
    <main className={styles.main} data-page="about">
      <h1>{about.profile.title}</h1>
      <p className={styles.intro}>{about.profile.subtitle}</p>
      {about.profile.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <section className={styles.section}>
        <h2>{about.culture.title}</h2>
        <ul className={styles.services}>
          {about.culture.items.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.intro}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section}>
        <h2>联系我们</h2>
        <address className={styles.contact}>
          <strong>{contact.company}</strong>
          <span>地址：{contact.address}</span>
          <span>电话：{contact.phones.join(' / ')}</span>
          <span>
            邮箱：<a href={`mailto:${contact.email}`}>{contact.email}</a>
          </span>
        </address>
      </section>
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
    <main className={styles.main} data-page="items">
      <h1>{data.menu.title}</h1>
      <p className={styles.intro}>{data.menu.intro}</p>
      <CaseCards cases={data.case.caselist} casemenu={id} />
    </main>
  );
}

export function NewsListPage() {
  usePageTitle(ROUTE_TITLES.itemnews);
  const { data } = publicApi.useNewsListQuery();
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="itemnews">
      <h1>新闻资讯</h1>
      <NewsItems news={data.newcontent} />
    </main>
  );
}

export function CaseDetailPage() {
  const id = useId();
  const casemenu = casemenuOf(useLocation().search);
  const { data, isError } = publicApi.useCaseDetailQuery({ case: id, casemenu });
  usePageTitle(data?.name ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main className={styles.main} data-page="details">
      <article>
        <h1>{data.name}</h1>
        <p className={styles.intro}>{data.scene}</p>
        {data.site ? (
          <p>
            网站地址：
            <a href={data.site} target="_blank" rel="noopener noreferrer nofollow">
              {data.site}
            </a>
          </p>
        ) : null}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.content }} />
      </article>
      <nav className={styles.pager} aria-label="上一个 / 下一个案例">
        {data.upId ? (
          <Link to={`/details/${data.upId}.html?casemenu=${casemenu}`}>上一个：{data.upname}</Link>
        ) : (
          <span>没有了</span>
        )}
        {data.downId ? (
          <Link to={`/details/${data.downId}.html?casemenu=${casemenu}`}>下一个：{data.downname}</Link>
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
    <main className={styles.main} data-page="news">
      <article>
        <h1>{data.title}</h1>
        <p className={styles.intro}>
          <time dateTime={data.create_time.slice(0, 10)}>{data.create_time.slice(0, 10)}</time>
        </p>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.content }} />
      </article>
      <nav className={styles.pager} aria-label="上一篇 / 下一篇">
        {data.upId ? <Link to={`/news/${data.upId}.html`}>上一篇：{data.uptitle}</Link> : <span>没有了</span>}
        {data.downId ? <Link to={`/news/${data.downId}.html`}>下一篇：{data.downtitle}</Link> : <span>没有了</span>}
      </nav>
    </main>
  );
}

export function WebcasePage() {
  const id = useId();
  usePageTitle(ROUTE_TITLES.webcase);
  const all = publicApi.useWebcaseQuery().data;
  const tab = publicApi.useWebcaseTabQuery({ menu: id }, { skip: id === DEFAULT_WEBCASE_ID }).data;
  if (!all) return <Loading />;
  const cases = id === DEFAULT_WEBCASE_ID ? all.casecontent : (tab?.casecontent ?? []);
  return (
    <main className={styles.main} data-page="webcase">
      <h1>客户案例</h1>
      <nav className={styles.tabs} aria-label="案例分类">
        {all.casemenu.map((tabLink) => (
          <Link
            key={tabLink.id}
            to={`/webcase/${tabLink.id}.html`}
            aria-current={tabLink.id === id ? 'page' : undefined}
          >
            {tabLink.name}
          </Link>
        ))}
      </nav>
      <CaseCards cases={cases} casemenu={2} />
    </main>
  );
}

export { Missing };
