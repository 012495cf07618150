// A site ten years old, written straight into a migrated and seeded database: articles, cases, leads, media rows
// and revisions with realistic Chinese titles and bodies, spread over ten years, so that reads can be timed
// (`npm run bench -- scale`, bench-scale.mjs) and their query plans checked (api/test/scale/) at the size a
// long-lived company site reaches. Everything is made by PostgreSQL itself (generate_series), in one transaction
// per kind, then ANALYZEd and VACUUMed so that the planner and the visibility map see the site as a live one would.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The site of the benchmark: ten years of a busy company's content. */
export const LARGE_SITE = { articles: 100_000, cases: 20_000, leads: 100_000, media: 20_000, revisions: 5_000 };

/** The server's embedded database, as its start-up log and data folder name it (a bench server of bench.mjs). */
export function databaseUrl(server) {
  const port = /Embedded PostgreSQL is listening on .* port (\d+)/.exec(server.output())?.[1];
  if (!port) throw new Error('The server did not say where its embedded database listens');
  const password = readFileSync(path.join(server.dataDir, 'postgres.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/site`;
}

// The words titles and bodies are made of. Latin product names are among them, as in real titles.
const SUBJECTS = [
  '企业官网',
  '微信公众号',
  '小程序',
  '品牌设计',
  '营销型网站',
  'SEO优化',
  '短视频营销',
  '电商平台',
  '软件开发',
  '响应式网站',
  'APP开发',
  '私域流量',
  '抖音运营',
  '百度推广',
  '网站改版',
  '云服务器',
  '域名备案',
  'H5页面',
  'CRM系统',
  '数据大屏',
  '视觉识别',
  '品牌logo',
  '官网建设',
  '企业微信',
  '会员系统',
  '外贸网站',
  'Vue前端',
  'React应用',
  '内容营销',
  '直播带货',
];
const PATTERNS = [
  '如何做好%s：%n个实用技巧',
  '%y年%s趋势解读',
  '%c企业%s案例分享',
  '%s常见问题解答',
  '为什么你的%s没有效果？',
  '从零开始搭建%s',
  '%s费用怎么算？一文看懂',
  '%s与%t如何协同增长',
  '%c%s服务商怎么选',
  '%s上线前必查的%n件事',
  '做%s，先想清楚这%n个问题',
  '%s的%n个误区',
  '%y年%c%s行业观察',
  '一家%c工厂的%s转型之路',
];
const CITIES = ['广州', '深圳', '佛山', '东莞', '杭州', '上海', '北京', '成都', '武汉', '南京', '苏州', '厦门', '长沙'];
const SENTENCES = [
  '很多企业在建站之初只关注页面是否好看，却忽略了访客真正关心的问题。',
  '一个好的官网应当在三秒之内告诉访客你是谁、能做什么、为什么值得信任。',
  '移动端流量已经超过七成，页面在手机上的加载速度直接影响咨询转化。',
  '我们建议先梳理客户最常问的十个问题，再据此规划栏目与内容。',
  '搜索引擎更看重内容的原创性与更新频率，而不是堆砌关键词。',
  '公众号的打开率逐年下降，但精准的服务号消息依然是复购的重要渠道。',
  '小程序适合高频、轻量的服务场景，例如预约、报名和会员积分。',
  '品牌设计不只是一个标志，而是一整套贯穿线上线下的视觉语言。',
  '上线并不是结束，持续的数据分析和迭代才能让网站越用越好。',
  '在项目启动会上，双方需要明确目标、范围、里程碑和验收标准。',
  '我们为客户搭建了统一的内容后台，市场团队可以自行发布文章和案例。',
  '通过结构化数据和站点地图，新页面通常在一周内即可被收录。',
  '留言表单的字段越少，提交率越高；必要的信息可以在回访时补充。',
  '对于外贸企业，多语言版本和海外服务器的选择同样重要。',
  '定期备份数据库和媒体文件，是运维中最容易被忽视的一环。',
  '软件系统的需求往往在使用中不断变化，因此架构需要留出扩展空间。',
];
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '建华',
  '晓东',
  '丽华',
];
const ASKS = [
  '您好，我们公司想做一个企业官网，请问大概需要多少费用？',
  '想了解一下小程序开发的周期和报价，方便的话请回电。',
  '我们是做外贸的，需要一个英文网站，能否提供案例参考？',
  '公众号运营代运营怎么收费？每月大概发几篇文章？',
  '现有网站打开很慢，想改版，请联系我。',
  '需要设计一套品牌VI，包括logo和名片，请报价。',
  '我们需要一个内部的CRM系统，请安排技术人员沟通。',
];

/** A SQL array literal of texts (the word lists above hold no quotes). */
const textArray = (words) => `ARRAY[${words.map((word) => `'${word}'`).join(',')}]::text[]`;
/** The `i`th word of a list, as SQL: `pick(SUBJECTS, 'i * 7')`. */
const pick = (words, index) => `(${textArray(words)})[1 + ((${index}) % ${words.length})]`;

/** A title made of a pattern, subjects, a city, a year and a number, varied by the SQL expression `i`. */
const titleSql = (i) => `replace(replace(replace(replace(replace(${pick(PATTERNS, i)},
    '%s', ${pick(SUBJECTS, `${i} * 7 + ${i} / 13`)}), '%t', ${pick(SUBJECTS, `${i} * 11 + 5`)}),
    '%c', ${pick(CITIES, `${i} / 3`)}), '%y', (2016 + (${i}) % 11)::text), '%n', (3 + (${i}) % 8)::text)`;

/** Three to seven paragraphs of two sentences each, about 0.5 to 1.5 KB of Chinese. */
const bodySql = (
  i,
) => `(SELECT string_agg('<p>' || ${pick(SENTENCES, `${i} + p * 5`)} || ${pick(SENTENCES, `${i} * 3 + p`)}
    || '</p>', '' ORDER BY p) FROM generate_series(1, 3 + (${i}) % 5) p)`;

/**
 * The address of the `k`th generated picture (SQL expressions `k`, the number of pictures `count` and the ten
 * years' `days`): its folder is the month it was uploaded in, as the media rows' times say.
 */
const pictureSql = (k, count, days) =>
  `'/uploads/archive/' || to_char(now() - make_interval(days => ${days}) * (1 - (${k})::float8 / ${count}), 'YYYY/MM')
   || '/photo-' || (${k}) || '.jpg'`;

/**
 * Fills the site: `sizes` as in {@link LARGE_SITE} (smaller ones make quick trials). The site's own seeded rows
 * stay; the new ones are older than them, spread evenly over the ten years before today. Answers what was made.
 */
export async function seedLargeSite(db, sizes = LARGE_SITE) {
  const { articles, cases, leads, media, revisions } = { ...LARGE_SITE, ...sizes };
  const years = 3650;
  const started = performance.now();
  await db.query('BEGIN');
  try {
    // Media first, so that articles and cases can show (and be listed as users of) its pictures.
    await db.query(
      `INSERT INTO media (url, name, bytes, width, height, mime, created_at)
       SELECT ${pictureSql('i', '$1::int', '$2::int')},
              ${pick(SUBJECTS, 'i')} || '配图 ' || i || '.jpg', 40000 + (i * 7919) % 400000,
              1200 + (i % 4) * 240, 800 + (i % 3) * 150, 'image/jpeg', t
       FROM generate_series(1, $1::int) i,
            LATERAL (SELECT now() - make_interval(days => $2::int) * (1 - i::float8 / $1)) d(t)`,
      [media, years],
    );
    const categories = (await db.query('SELECT id FROM news_category ORDER BY id')).rows.map((row) => row.id);
    await db.query(
      `INSERT INTO news (title, intro, img, content, create_time, dynamic_id, status, publish_at, deleted_at,
                         created_at, updated_at)
       SELECT left(${titleSql('i')}, 120), ${pick(SENTENCES, 'i * 5')},
              CASE WHEN i % 3 = 0 AND $4::int > 0 THEN ${pictureSql('1 + (i * 17) % $4::int', '$4::int', '$2::int')}
                   ELSE '' END,
              ${bodySql('i')}, t::date, ($3::int[])[1 + i % cardinality($3::int[])],
              CASE WHEN i % 199 = 0 THEN 'draft' ELSE 'published' END, NULL,
              CASE WHEN i % 211 = 0 THEN now() ELSE NULL END, t, t
       FROM generate_series(1, $1::int) i,
            LATERAL (SELECT now() - make_interval(days => $2::int) * (1 - i::float8 / $1)) d(t)`,
      [articles, years, categories, media],
    );
    const services = (await db.query('SELECT DISTINCT dict_id FROM "case" ORDER BY dict_id')).rows.map(
      (r) => r.dict_id,
    );
    await db.query(
      `INSERT INTO "case" (name, intro, scene, site, img, banner, top, dict_id, class_id, content, create_time,
                           status, deleted_at, created_at, updated_at)
       SELECT left(${pick(CITIES, 'i')} || ${pick(['某', '一家', ''], 'i / 7')}
                   || ${pick(['科技', '制造', '餐饮', '教育', '医疗', '物流', '地产', '服饰', '家居', '律所'], 'i * 3')}
                   || ${pick(['有限公司', '集团', '工作室', '连锁'], 'i / 5')} || ${pick(SUBJECTS, 'i * 7')}
                   || '项目（' || i || '）', 100),
              ${pick(SENTENCES, 'i * 3')}, ${pick(['制造业', '教育培训', '医疗健康', '餐饮连锁', '专业服务'], 'i')},
              'https://case' || i || '.example.com/',
              CASE WHEN $4::int > 0 THEN ${pictureSql('1 + (i * 31) % $4::int', '$4::int', '$2::int')} ELSE '' END,
              '[]'::jsonb, CASE WHEN i % 97 = 0 THEN 1 ELSE 2 END,
              ($3::int[])[1 + i % cardinality($3::int[])], 1 + i % 5, ${bodySql('i * 7')}, t::date,
              CASE WHEN i % 199 = 0 THEN 'draft' ELSE 'published' END,
              CASE WHEN i % 211 = 0 THEN now() ELSE NULL END, t, t
       FROM generate_series(1, $1::int) i,
            LATERAL (SELECT now() - make_interval(days => $2::int) * (1 - i::float8 / $1)) d(t)`,
      [cases, years, services, media],
    );
    await db.query(
      `INSERT INTO message (name, phone, email, address, content, read, page, ip, user_agent, created_at)
       SELECT ${pick(SURNAMES, 'i * 7')} || ${pick(GIVEN, 'i * 13 + i / 19')},
              '1' || (30 + i % 60)::text || lpad(((i * 7919) % 100000000)::text, 8, '0'),
              CASE WHEN i % 3 = 0 THEN 'client' || i || '@example.com' ELSE '' END,
              CASE WHEN i % 4 = 0 THEN ${pick(CITIES, 'i')} || '市' ELSE '' END,
              ${pick(ASKS, 'i * 3')}, i < $1 - 200, ${pick(['/about.html', '/move/about.html'], 'i')},
              '198.51.100.' || (i % 250), 'Mozilla/5.0', t
       FROM generate_series(1, $1::int) i,
            LATERAL (SELECT now() - make_interval(days => $2::int) * (1 - i::float8 / $1)) d(t)`,
      [leads, years],
    );
    // Revisions of the newest articles, a few each, as the editors' saves left them.
    await db.query(
      `INSERT INTO revision (kind, item_id, number, document, action, created_at)
       SELECT 'news', n.id, r, to_jsonb(n), 'save',
              n.created_at + make_interval(hours => r)
       FROM (SELECT id, title, intro, img, content, dynamic_id, created_at FROM news
             ORDER BY id DESC LIMIT ceil($1::int / 5.0)::int) n,
            generate_series(1, 5) r
       ORDER BY n.id DESC, r LIMIT $1::int`,
      [revisions],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query('VACUUM ANALYZE');
  return { articles, cases, leads, media, revisions, ms: Math.round(performance.now() - started) };
}
