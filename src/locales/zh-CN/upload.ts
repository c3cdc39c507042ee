const upload = {
  'upload.button': '上传',
  'upload.wrongType': '{{name}} 不是 JPG、PNG 或 WebP 图片',
  'upload.tooLarge': '{{name}} 超过 {{max}} MB，请压缩后再上传',
  'upload.tooMany': '最多上传 {{max}} 张图片',
  'upload.failed': '上传失败',
  'upload.moveBefore': '前移',
  'upload.moveAfter': '后移',
  'upload.preview': '图片预览',
};

export default upload;
