import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Resolver } from 'react-hook-form';

/**
 * The part of react-hook-form's useForm that /login uses, in ~1 KB instead of ~12 KB gzip on the page's
 * first load: the same resolvers (the contracts' zod schemas, fetched lazily, so the same messages),
 * validation on submit, revalidation of the changed field on change once submitted, the first invalid field
 * focused, and `isSubmitting` while the resolver and the handler run. Only text fields, which is all the
 * sign-in and registration forms have; the other forms keep react-hook-form.
 */
export function useLightForm<T extends Record<string, string>>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<T>;
  defaultValues: T;
}) {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<keyof T, { message?: string }>>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const latest = useRef(values);
  const wasSubmitted = useRef(false);
  const elements = useRef(new Map<keyof T, HTMLInputElement>());

  const validate = async (current: T) => {
    const result = await resolver(current, undefined, { fields: {}, shouldUseNativeValidation: false });
    return result as {
      values: T | Record<string, never>;
      errors: Partial<Record<keyof T, { message?: string }>>;
    };
  };

  const register = (name: keyof T & string) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...latest.current, [name]: event.target.value };
      latest.current = next;
      setValues(next);
      if (!wasSubmitted.current) return;
      void validate(next).then((result) => {
        if (latest.current !== next) return; // a later change revalidates
        setErrors((shown) => ({ ...shown, [name]: result.errors[name] }));
      });
    },
  });

  const handleSubmit = (onValid: (valid: T) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    wasSubmitted.current = true;
    setIsSubmitting(true);
    try {
      const result = await validate(latest.current);
      const invalid = Object.keys(result.errors).filter((name) => result.errors[name]);
      setErrors(result.errors);
      if (invalid.length > 0) {
        const first = [...elements.current.keys()].find((name) => invalid.includes(name as string));
        if (first) elements.current.get(first)?.focus();
        return;
      }
      await onValid(result.values as T);
    } finally {
      setIsSubmitting(false);
    }
  };

  return { register, handleSubmit, errors, isSubmitting };
}
