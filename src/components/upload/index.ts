export { ImageUpload, ImageListUpload, type ImageUploadProps } from './ImageUpload';
export { imageSrc } from './imageSrc';
