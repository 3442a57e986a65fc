import type { ControllerFieldState, RefCallBack } from 'react-hook-form';

/** The part of a react-hook-form Controller's field a text or select field takes. */
interface TBoundField {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: RefCallBack;
}

/**
 * Binds a TextField or SelectField to a Controller field: value, change, blur, the ref (so a
 * failed submit can focus the field) and the field's error message.
 */
export function bindField({ field, fieldState }: { field: TBoundField; fieldState: ControllerFieldState }) {
  return {
    name: field.name,
    value: field.value,
    onValueChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    error: fieldState.error?.message,
  };
}
