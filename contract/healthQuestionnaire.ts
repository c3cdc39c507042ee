/**
 * The health questionnaire asked before every service, as data: the console draws it and the server
 * checks and keeps it from this list. `blocks`: a "yes" stops the service (the visit cannot be
 * completed and the cashier refuses its service lines) until a manager records an override with a
 * reason. A question added here is asked from then on; answers already given keep the wording they
 * were given to (server/serviceRecords/health.ts).
 */
export const HEALTH_QUESTIONS = [
  { key: 'allergyPigment', question: '是否对色料（色乳、色膏）过敏', blocks: false },
  { key: 'allergyAnaesthetic', question: '是否对麻药（利多卡因、丙胺卡因等）过敏', blocks: false },
  { key: 'allergyMetal', question: '是否对金属（镍、铬等）过敏', blocks: false },
  { key: 'pregnancy', question: '是否怀孕或在哺乳期', blocks: true },
  { key: 'anticoagulants', question: '是否正在服用抗凝血药物（阿司匹林、华法林等）', blocks: false },
  { key: 'diabetes', question: '是否患有糖尿病', blocks: false },
  { key: 'keloid', question: '操作部位是否有瘢痕疙瘩（疤痕体质）', blocks: true },
  { key: 'skinCondition', question: '操作部位是否有皮肤病，或近期做过医美、激光等治疗', blocks: false },
  { key: 'under18', question: '是否未满 18 周岁', blocks: true },
] as const satisfies readonly { key: string; question: string; blocks: boolean }[];

export type HealthQuestionKey = (typeof HEALTH_QUESTIONS)[number]['key'];
export const HEALTH_QUESTION_KEYS = HEALTH_QUESTIONS.map((q) => q.key) as [HealthQuestionKey, ...HealthQuestionKey[]];
