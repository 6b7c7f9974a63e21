import { userFormForMode, userFormSchemas } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { firstIssueByField, schemaProblems, serverFieldProblems } from '../src/lib/form-problems.ts';

const userDialogFields = ['role_id', 'user_name', 'email', 'pwd', 'pwd_again'];

describe('problems found by the shared schemas', () => {
  it('keeps the first problem of each field and leaves form-wide ones out', () => {
    const problems = firstIssueByField([
      { path: ['user_name'], message: 'validation.userNameLength' },
      { path: ['user_name'], message: 'validation.userNameCharacters' },
      { path: [], message: 'validation.invalidValue' },
      { path: ['email'], message: 'validation.emailFormat' },
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      user_name: 'validation.userNameLength',
      email: 'validation.emailFormat',
    });
  });

  it('shows every problem of an empty registration form at once', () => {
    expect(Object.fromEntries(schemaProblems(userFormForMode(1), {}))).toEqual({
      user_name: 'validation.userNameRequired',
      email: 'validation.emailRequired',
      pwd: 'validation.passwordRequired',
      pwd_again: 'validation.passwordConfirmationRequired',
    });
  });

  it('reports differing passwords on the confirmation, even while another field is wrong', () => {
    const problems = schemaProblems(userFormSchemas[2], {
      user_name: 'a',
      email: 'someone@example.com',
      pwd: 'secret-1',
      pwd_again: 'secret-2',
    });
    expect(Object.fromEntries(problems)).toEqual({
      user_name: 'validation.userNameLength',
      pwd_again: 'validation.passwordsDiffer',
    });
  });

  it('finds nothing in a valid form; edit info checks only name and email', () => {
    const valid = {
      user_name: 'solar_fan',
      email: 'fan@example.com',
      pwd: 'secret-1',
      pwd_again: 'secret-1',
    };
    expect(schemaProblems(userFormSchemas[3], { ...valid, role_id: 1 }).size).toBe(0);
    expect(
      schemaProblems(userFormSchemas[4], { user_name: 'solar_fan', email: 'fan@example.com' }).size,
    ).toBe(0);
    expect(Object.fromEntries(schemaProblems(userFormSchemas[4], { user_name: 'x$', email: '' }))).toEqual({
      user_name: 'validation.userNameCharacters',
      email: 'validation.emailRequired',
    });
  });

  it('checks only the passwords when changing the password', () => {
    expect(Object.fromEntries(schemaProblems(userFormSchemas[5], { pwd: '123', pwd_again: '123' }))).toEqual({
      old_pwd: 'validation.oldPasswordRequired',
      pwd: 'validation.passwordTooShort',
    });
  });
});

describe('problems named by the server', () => {
  it('puts the issues of 200005 under the form fields they name', () => {
    expect(
      serverFieldProblems(
        '200005',
        [
          { path: 'email', message: 'validation.emailFormat' },
          { path: 'email', message: 'validation.emailRequired' },
          { path: 'pwd_again', message: 'validation.passwordsDiffer' },
          { path: 'login_id', message: 'validation.invalidValue' },
        ],
        userDialogFields,
      ),
    ).toEqual([
      { field: 'email', namespace: 'validation', key: 'validation.emailFormat' },
      { field: 'pwd_again', namespace: 'validation', key: 'validation.passwordsDiffer' },
    ]);
  });

  it('takes the first segment of a nested path', () => {
    expect(
      serverFieldProblems(
        '200004',
        [{ path: 'user_name.0', message: 'validation.userNameRequired' }],
        ['user_name'],
      ),
    ).toEqual([{ field: 'user_name', namespace: 'validation', key: 'validation.userNameRequired' }]);
  });

  it('puts a catalogue code under the field it is about, when the form has that field', () => {
    expect(serverFieldProblems('1003', [], userDialogFields)).toEqual([
      { field: 'user_name', namespace: 'errors', key: '1003' },
    ]);
    expect(serverFieldProblems('1004', [], userDialogFields)).toEqual([
      { field: 'email', namespace: 'errors', key: '1004' },
    ]);
    expect(serverFieldProblems('1005', [], userDialogFields)).toEqual([
      { field: 'pwd_again', namespace: 'errors', key: '1005' },
    ]);
    expect(serverFieldProblems('200104', [], ['old_pwd', 'pwd', 'pwd_again'])).toEqual([
      { field: 'old_pwd', namespace: 'errors', key: '200104' },
    ]);
    expect(serverFieldProblems('200913', [], ['email', 'code', 'password'])).toEqual([
      { field: 'code', namespace: 'errors', key: '200913' },
    ]);
  });

  it('leaves refusals that concern no field to the message the API client shows', () => {
    expect(serverFieldProblems('9001', [], userDialogFields)).toEqual([]);
    expect(serverFieldProblems('4001', [], userDialogFields)).toEqual([]);
    expect(serverFieldProblems('200104', [], userDialogFields)).toEqual([]);
  });
});
