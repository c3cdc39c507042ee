/** The export button of the lists (src/components/export). */
const exportTexts = {
  'export.button': '导出',
  'export.progress': '导出中 {{progress}}',
  'export.done': '已导出「{{fileName}}」',
};

export default exportTexts;
