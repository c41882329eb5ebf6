/** What the album's routes take and answer. */

/** A photo as a form posts it (`multipart/form-data`): the picture and its metadata. */
export interface NewPhoto {
  /**
   * The picture itself.
   * @maxSize 5MB
   * @contentMediaType image/png, image/jpeg
   */
  file: File;
  title: string;
  /** Repeat the field for each tag. */
  tags?: string[];
  /** When the photo was taken (ISO 8601). */
  taken?: Date;
  /**
   * The album it belongs to.
   * @isInt
   * @minimum 1
   */
  albumId: number;
}

/** A stored photo's metadata. `name` and `type` are the uploaded file's, as the client sent them. */
export interface Photo {
  id: number;
  title: string;
  tags: string[];
  taken?: Date;
  albumId: number;
  /** The file name the download is offered under. */
  name: string;
  /** The media type the download is sent as. */
  type: string;
  /** The file's size in bytes. */
  size: number;
}
