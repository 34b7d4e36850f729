'use client';

import { type ComponentProps, createContext, use } from 'react';
import { get, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/forms/form-field';
import { Input } from '@/components/ui/input';
import type { WidgetFormValues } from '@/shared/widgets/widget-schema';
import { useErrorText } from './widget-error-text';

// The editor's controls, registered with the form by their path; each shows its own error.

/**
 * The editor's <form> id. The editor's sections are not inside its <form>, so the Media section
 * can hold the pictures' own upload forms (forms do not nest); each control names the form it
 * belongs to, which keeps Enter in a field saving the widget.
 */
export const EditorFormId = createContext<string | undefined>(undefined);

function fieldIdOf(path: string): string {
  return `widget-${path.replace(/\./g, '-')}`;
}

function useFieldError(path: string): string | undefined {
  const { formState } = useFormContext<WidgetFormValues>();
  const translate = useErrorText();
  const message = (get(formState.errors, path) as { message?: string } | undefined)?.message;
  return message ? translate(message) : undefined;
}

type TextFieldProps = { path: string; label: string; hint?: string } & Omit<ComponentProps<'input'>, 'name' | 'id'>;

export function TextField({ path, label, hint, ...input }: TextFieldProps) {
  const { register } = useFormContext<WidgetFormValues>();
  return (
    <FormField name={path} id={fieldIdOf(path)} label={label} hint={hint} error={useFieldError(path)}>
      <Input {...input} form={use(EditorFormId)} {...register(path as never)} />
    </FormField>
  );
}

export function TextAreaField({ path, label, hint, maxLength, rows = 3 }: { path: string; label: string; hint?: string; maxLength: number; rows?: number }) {
  const { register } = useFormContext<WidgetFormValues>();
  return (
    <FormField name={path} id={fieldIdOf(path)} label={label} hint={hint} error={useFieldError(path)}>
      <textarea
        form={use(EditorFormId)}
        rows={rows}
        maxLength={maxLength}
        className="w-full rounded-lg border border-input bg-background px-3 py-2 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 aria-invalid:border-destructive md:text-sm"
        {...register(path as never)}
      />
    </FormField>
  );
}

export function SelectField({ path, label, options }: { path: string; label: string; options: { value: string; label: string }[] }) {
  const { register } = useFormContext<WidgetFormValues>();
  return (
    <FormField name={path} id={fieldIdOf(path)} label={label} error={useFieldError(path)}>
      <select
        form={use(EditorFormId)}
        className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm"
        {...register(path as never)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

export function CheckboxField({ path, label }: { path: string; label: string }) {
  const { register } = useFormContext<WidgetFormValues>();
  const id = fieldIdOf(path);
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" form={use(EditorFormId)} className="size-4 accent-primary" {...register(path as never)} />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
