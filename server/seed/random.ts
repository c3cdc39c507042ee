/**
 * Deterministic randomness for demo and bench data: the same seed gives the same shops' staff and
 * customers on every machine, so screenshots and tests can rely on them.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  /** k distinct items of list. */
  sample<T>(list: readonly T[], k: number): T[];
}

/** mulberry32: small, fast and good enough for sample data. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)],
    chance: (p) => next() < p,
    sample(list, k) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, k);
    },
  };
}

export const SURNAMES = [
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
  '罗',
  '高',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
  '彭',
  '曾',
  '肖',
  '田',
  '董',
  '潘',
  '袁',
  '蔡',
  '蒋',
  '余',
  '于',
  '杜',
  '叶',
  '程',
  '魏',
  '苏',
  '吕',
  '丁',
  '沈',
  '欧阳',
] as const;
export const FEMALE_GIVEN = [
  '丽',
  '静',
  '婷',
  '敏',
  '燕',
  '芳',
  '娟',
  '霞',
  '雪',
  '琳',
  '晶',
  '颖',
  '倩',
  '欣',
  '悦',
  '怡',
  '佳',
  '雯',
  '露',
  '蕾',
  '思',
  '梦',
  '雨',
  '诗',
  '涵',
  '萱',
  '可',
  '馨',
  '月',
  '嘉',
  '瑶',
  '菲',
  '薇',
  '妍',
  '彤',
  '楠',
  '晓',
  '玉',
  '秀',
  '红',
] as const;
export const MALE_GIVEN = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '浩',
  '宇',
  '鹏',
  '辉',
  '俊',
  '峰',
  '斌',
  '凯',
  '晨',
  '阳',
] as const;

export function chineseName(r: Random, gender: 'female' | 'male'): string {
  const pool = gender === 'male' ? MALE_GIVEN : FEMALE_GIVEN;
  const given = r.chance(0.7) ? r.pick(pool) + r.pick(pool) : r.pick(pool);
  return r.pick(SURNAMES) + given;
}

/**
 * Mobile prefixes for generated people. 138 is left out so nobody collides with the demo accounts
 * (138000000xx), and 166 is left to the bench data (server/cli/seedBench.ts).
 */
const PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '139',
  '150',
  '151',
  '152',
  '153',
  '158',
  '159',
  '177',
  '180',
  '181',
  '186',
  '187',
  '188',
  '189',
  '199',
] as const;

/** Hands out distinct, valid mainland mobile numbers. */
export function phoneSource(r: Random): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const phone = r.pick(PREFIXES) + String(r.int(0, 99_999_999)).padStart(8, '0');
      if (!used.has(phone)) {
        used.add(phone);
        return phone;
      }
    }
  };
}

const DAY_MS = 86_400_000;

/** A moment `days` days before now, at a plausible shop hour (10:00-20:59 Shanghai time), never in the future. */
export function daysAgo(r: Random, days: number, now = Date.now()): Date {
  const shanghaiMidnight = Math.floor((now + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000;
  const t = shanghaiMidnight - days * DAY_MS + r.int(10 * 60, 20 * 60 + 59) * 60_000 + r.int(0, 59) * 1000;
  return new Date(Math.min(t, now - 60_000));
}

/** "YYYY-MM-DD" of a Date as a Shanghai calendar day. */
export function shanghaiDay(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
