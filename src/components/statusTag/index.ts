export { StatusTag, type StatusTagProps } from './StatusTag';
export * from './tones';
