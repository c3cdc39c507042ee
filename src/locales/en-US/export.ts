/** The export button of the lists (src/components/export). */
const exportTexts = {
  'export.button': 'Export',
  'export.progress': 'Exporting {{progress}}',
  'export.done': 'Exported "{{fileName}}"',
};

export default exportTexts;
