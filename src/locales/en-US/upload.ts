const upload = {
  'upload.button': 'Upload',
  'upload.wrongType': '{{name}} is not a JPG, PNG or WebP image',
  'upload.tooLarge': '{{name}} is larger than {{max}} MB',
  'upload.tooMany': 'At most {{max}} images',
  'upload.failed': 'Upload failed',
  'upload.moveBefore': 'Move before',
  'upload.moveAfter': 'Move after',
  'upload.preview': 'Image preview',
};

export default upload;
