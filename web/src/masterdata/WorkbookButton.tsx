import Button from '@mui/material/Button';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The button of a spreadsheet import: opens the file chooser for an xlsx workbook and hands
 * the chosen file on (the chooser is emptied, so the same file can be chosen again). `data`
 * names the input's data attribute (data-<data>) that tests find it by.
 */
export default function WorkbookButton({ label, onFile, disabled, data, variant = 'outlined' }: {
  label: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  data: string;
  variant?: 'outlined' | 'contained';
}) {
  return (
    <Button component="label" variant={variant} startIcon={<UploadFileOutlined />} disabled={disabled}>
      {label}
      <input
        hidden
        type="file"
        accept={XLSX_ACCEPT}
        {...{ [`data-${data}`]: true }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}
