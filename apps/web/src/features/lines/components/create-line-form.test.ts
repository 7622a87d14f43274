import { describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { emptyCreateLineForm, validateCreateLine, type CreateLineFormValues } from './create-line-form';

const form = (overrides: Partial<CreateLineFormValues> = {}): CreateLineFormValues => ({
  ...emptyCreateLineForm(),
  ...overrides,
});

const errorsOf = (values: CreateLineFormValues) => {
  const result = validateCreateLine(values);
  return result.ok ? {} : result.errors;
};

describe('validateCreateLine (docs/product/rules.md#validation with the shared schemas)', () => {
  it('typed credentials are required and a package too', () => {
    expect(errorsOf(form())).toEqual({
      username: LINE_MESSAGES.required,
      password: LINE_MESSAGES.required,
      package_id: LINE_MESSAGES.packageRequired,
    });
  });

  it('username and password follow the line rules', () => {
    expect(errorsOf(form({ username: 'Abc', password: 'abc123', package_id: '17' }))).toEqual({
      username: LINE_MESSAGES.min6,
      password: LINE_MESSAGES.noSequences,
    });
    expect(errorsOf(form({ username: 'Cliente01', password: '951357', package_id: '17' }))).toEqual({
      username: LINE_MESSAGES.usernameCharset,
      password: LINE_MESSAGES.passwordNeedsLetter,
    });
    expect(errorsOf(form({ username: 'cliente 1', password: 'senha #1', package_id: '17' }))).toEqual({
      username: LINE_MESSAGES.usernameCharset,
      password: LINE_MESSAGES.passwordCharset,
    });
  });

  it('random credentials leave both out but still need a package', () => {
    expect(errorsOf(form({ random: true }))).toEqual({ package_id: LINE_MESSAGES.randomNeedsPackage });
    const result = validateCreateLine(form({ random: true, username: 'ignored', package_id: '33' }));
    expect(result).toEqual({
      ok: true,
      request: { trial: false, input: { system: 1, package_id: 33, expire_at_2359: false } },
    });
  });

  it('a trial needs no package and never carries 23:59', () => {
    const result = validateCreateLine(
      form({ trial: true, random: true, package_id: '33', expire_at_2359: true }),
    );
    expect(result).toEqual({ ok: true, request: { trial: true, input: { system: 1 } } });
  });

  it('23:59 goes with a normal line', () => {
    const result = validateCreateLine(
      form({ username: 'cliente01', password: 'senha9x', package_id: '17', expire_at_2359: true }),
    );
    expect(result.ok && result.request.trial === false && result.request.input.expire_at_2359).toBe(true);
  });

  it('hybrid needs a name and a valid MAC; the MAC is sent formatted', () => {
    expect(errorsOf(form({ system: 3, random: true, package_id: '17' }))).toEqual({
      full_name: LINE_MESSAGES.required,
      macaddr: LINE_MESSAGES.required,
    });
    expect(
      errorsOf(form({ system: 3, random: true, package_id: '17', full_name: 'Ana', macaddr: 'aa:bb' })),
    ).toEqual({ macaddr: LINE_MESSAGES.macInvalid });
    const result = validateCreateLine(
      form({ system: 3, random: true, package_id: '17', full_name: ' Ana ', macaddr: 'AA-BB-CC-DD-EE-FF' }),
    );
    expect(result.ok && result.request.input).toMatchObject({
      system: 3,
      full_name: 'Ana',
      macaddr: 'aa:bb:cc:dd:ee:ff',
    });
  });

  it('a MAC typed for another service is not sent; a short phone is dropped (docs/product/rules.md#phone)', () => {
    const result = validateCreateLine(
      form({ random: true, package_id: '17', macaddr: 'aa:bb:cc:dd:ee:ff', as_number: '12345' }),
    );
    expect(result.ok && result.request.input).toEqual({ system: 1, package_id: 17, expire_at_2359: false });
    const withPhone = validateCreateLine(form({ random: true, package_id: '17', as_number: '+55 11 91234' }));
    expect(withPhone.ok && withPhone.request.input.as_number).toBe('+55 11 91234');
  });

  it('the quick test starts as a trial with random credentials: valid as it is (decision 0029)', () => {
    expect(emptyCreateLineForm(true)).toMatchObject({ trial: true, random: true });
    expect(emptyCreateLineForm()).toMatchObject({ trial: false, random: false });
    expect(validateCreateLine(emptyCreateLineForm(true))).toEqual({
      ok: true,
      request: { trial: true, input: { system: 1 } },
    });
  });

  it('a chosen owner is sent as reseller_id, for lines and trials; none means the caller', () => {
    const line = validateCreateLine(form({ random: true, package_id: '17', reseller_id: '42' }));
    expect(line.ok && line.request.input).toEqual({
      system: 1,
      package_id: 17,
      expire_at_2359: false,
      reseller_id: 42,
    });
    const trial = validateCreateLine(form({ trial: true, random: true, reseller_id: '42' }));
    expect(trial.ok && trial.request.input).toEqual({ system: 1, reseller_id: 42 });
  });
});
