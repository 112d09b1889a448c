/** Why a change was refused; nothing is written. */
export class EntityNotFoundError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} does not exist`);
    this.name = 'EntityNotFoundError';
  }
}

export class EntityDeletedError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} is deleted; restore it first`);
    this.name = 'EntityDeletedError';
  }
}

export class EntityExistsError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} already exists`);
    this.name = 'EntityExistsError';
  }
}
