import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import field from '../../../../components/ui/field.module.css';
import { errorText } from '../../../../lib/errors';
import { uploadProductImage } from '../../api/admin-products.mutations';
import type { BodyContext, EditorValues, ProductBody } from './form-model';
import {
  ACCEPTED_IMAGE_TYPES,
  editorImageOfUpload,
  fileProblem,
  isGeneratedImage,
  MAX_IMAGES,
  PRODUCT_IMAGE_FOLDER,
  readImageSize,
  sourceFor,
  urlOfKey,
  type EditorImage,
} from './images';
import styles from './product-editor.module.css';

interface Upload {
  id: string;
  name: string;
  preview: string;
  /** 0..1 */
  progress: number;
  error: string | null;
  file: File;
  controller: AbortController;
}

export interface ImageManagerProps {
  control: Control<EditorValues, BodyContext, ProductBody>;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  /** The generated studio render saved with the piece: shown, and kept, while there is no photograph. */
  defaultRender: readonly EditorImage[];
  /** The alt text a new photograph starts with. */
  pieceName: string;
  /** How many uploads are still running (Save waits for them). */
  onPendingChange: (count: number) => void;
  /** A piece in the Trash: nothing can be added (the surrounding fieldset disables the controls). */
  isDisabled?: boolean;
}

let uploadSeq = 0;

/** Drag-and-drop (or pick) photographs, each uploaded with its own progress bar; reorder, describe, remove. */
export function ImageManager({
  control,
  register,
  errors,
  defaultRender,
  pieceName,
  onPendingChange,
  isDisabled = false,
}: ImageManagerProps) {
  const { fields, append, move, remove } = useFieldArray({ control, name: 'images' });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [isOver, setIsOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  // The latest name for the uploads' callbacks, kept once the render is committed.
  const pieceNameRef = useRef(pieceName);
  useLayoutEffect(() => {
    pieceNameRef.current = pieceName;
  });
  const running = uploads.filter((u) => !u.error).length;

  useEffect(() => onPendingChange(running), [running, onPendingChange]);
  // Leaving the page cancels what is still uploading and frees the previews.
  const uploadsRef = useRef(uploads);
  useLayoutEffect(() => {
    uploadsRef.current = uploads;
  });
  useEffect(
    () => () => {
      for (const upload of uploadsRef.current) {
        upload.controller.abort();
        URL.revokeObjectURL(upload.preview);
      }
    },
    [],
  );

  const patchUpload = (id: string, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)));
  const dropUpload = (id: string) =>
    setUploads((list) => {
      const gone = list.find((u) => u.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((u) => u.id !== id);
    });

  async function runUpload(upload: Upload) {
    try {
      const natural = await readImageSize(upload.file);
      const uploaded = await uploadProductImage({
        file: upload.file,
        folderPath: PRODUCT_IMAGE_FOLDER,
        description: pieceNameRef.current,
        signal: upload.controller.signal,
        onProgress: ({ loaded, total }) => patchUpload(upload.id, { progress: total > 0 ? Math.min(loaded / total, 0.99) : 0 }),
      });
      append(editorImageOfUpload(uploaded, natural, pieceNameRef.current.trim()), { shouldFocus: false });
      dropUpload(upload.id);
    } catch (error) {
      if (upload.controller.signal.aborted) return;
      patchUpload(upload.id, { error: errorText(error), progress: 0 });
    }
  }

  function addFiles(list: FileList | File[]) {
    const files = [...list];
    if (files.length === 0 || isDisabled) return;
    const room = MAX_IMAGES - fields.length - running;
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      else if (accepted.length >= room) problems.push(`${file.name} was not added: a piece has at most ${MAX_IMAGES} images.`);
      else accepted.push(file);
    }
    setNotice(problems.length ? problems.join(' ') : null);
    const started = accepted.map((file) => ({
      id: `upload-${(uploadSeq += 1)}`,
      name: file.name,
      preview: URL.createObjectURL(file),
      progress: 0,
      error: null,
      file,
      controller: new AbortController(),
    }));
    setUploads((current) => [...current, ...started]);
    for (const upload of started) void runUpload(upload);
  }

  function retry(upload: Upload) {
    const again = { ...upload, error: null, progress: 0, controller: new AbortController() };
    patchUpload(upload.id, again);
    void runUpload(again);
  }

  function cancel(upload: Upload) {
    upload.controller.abort();
    dropUpload(upload.id);
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    addFiles(event.dataTransfer.files);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => fields.findIndex((f) => f.id === id) + 1;
  // The library reports 'over its own place' right after the pick-up; that would cut off the pick-up message.
  const hasMoved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      hasMoved.current = false;
      return `Picked up image ${position(active.id)} of ${fields.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!hasMoved.current && over?.id === active.id) return undefined;
      hasMoved.current = true;
      return over
        ? `Image ${position(active.id)} is over position ${position(over.id)}.`
        : `Image ${position(active.id)} is not over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `Image ${position(active.id)} moved to position ${position(over.id)}.` : `Image ${position(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving image ${position(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(position(active.id) - 1, position(over.id) - 1);
  };

  const imagesError = errors.images?.message ?? errors.images?.root?.message;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Images
        </h2>
        <p className={styles.sectionNote}>
          {fields.length} of {MAX_IMAGES}
        </p>
      </div>

      <div
        className={[styles.dropZone, isOver && styles.dropZoneOver].filter(Boolean).join(' ')}
        data-testid="image-drop-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
        }}
        onDrop={onDrop}
      >
        <p className={styles.dropText}>Drag photographs here, or</p>
        <Button variant="secondary" size="small" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          Choose images
        </Button>
        <p id={hintId} className={styles.dropHint}>
          JPEG, PNG, WebP or AVIF, up to 25 MB each. The first image is the one the site shows first.
        </p>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="image-file-input"
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {notice ? (
        <p className={styles.fieldAlert} role="alert">
          {notice}
        </p>
      ) : null}
      {imagesError ? (
        <p className={styles.fieldAlert} role="alert">
          {imagesError}
        </p>
      ) : null}

      {uploads.length > 0 ? (
        <ul className={styles.uploads} aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.id} className={styles.upload} data-testid="image-upload">
              <img src={upload.preview} alt="" className={styles.uploadThumb} />
              <div className={styles.uploadBody}>
                <p className={styles.uploadName}>{upload.name}</p>
                {upload.error ? (
                  <p className={styles.uploadError} role="alert">
                    {upload.error}
                  </p>
                ) : (
                  <progress
                    className={styles.progress}
                    max={100}
                    value={Math.round(upload.progress * 100)}
                    aria-label={`Uploading ${upload.name}`}
                  />
                )}
              </div>
              <div className={styles.uploadActions}>
                {upload.error ? (
                  <Button variant="ghost" size="small" onClick={() => retry(upload)}>
                    Retry
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => cancel(upload)}
                  aria-label={`${upload.error ? 'Dismiss' : 'Cancel'} ${upload.name}`}
                >
                  {upload.error ? 'Dismiss' : 'Cancel'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {fields.length === 0 ? (
        <DefaultRender images={defaultRender} isUploading={uploads.length > 0} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To pick up an image, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop ' +
                'it, Escape to cancel.',
            },
          }}
        >
          <SortableContext items={fields.map((f) => f.id)} strategy={rectSortingStrategy}>
            <ol className={styles.imageGrid} aria-label="Images, in the order the site shows them">
              {fields.map((item, index) => (
                <SortableImage
                  key={item.id}
                  id={item.id}
                  image={item}
                  index={index}
                  count={fields.length}
                  register={register}
                  altError={errors.images?.[index]?.alt?.message}
                  onMove={(to) => move(index, to)}
                  onRemove={() => remove(index)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

function DefaultRender({ images, isUploading }: { images: readonly EditorImage[]; isUploading: boolean }) {
  if (images.length === 0) {
    if (isUploading) return null;
    return (
      <p className={styles.defaultNote} data-testid="no-image">
        No image yet. Add a photograph: until then the piece shows an empty frame on the site.
      </p>
    );
  }
  return (
    <figure className={styles.defaultRender} data-testid="default-render">
      <div className={styles.defaultRenderImages}>
        {images.map((image, i) => {
          const source = sourceFor(image, 320);
          return source ? (
            <img
              key={`${source.key}-${i}`}
              src={urlOfKey(source.key)}
              width={source.width}
              height={source.height}
              alt={image.alt}
              className={styles.thumb}
            />
          ) : null;
        })}
      </div>
      <figcaption className={styles.defaultNote}>
        <strong className={styles.defaultLabel}>Studio render · default</strong> Generated from the piece&rsquo;s metal and stone. The site
        shows it until you add a photograph; removing every photograph brings it back.
      </figcaption>
    </figure>
  );
}

interface SortableImageProps {
  id: string;
  image: EditorImage;
  index: number;
  count: number;
  register: UseFormRegister<EditorValues>;
  altError: string | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SortableImage({ id, image, index, count, register, altError, onMove, onRemove }: SortableImageProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const altId = useId();
  const leftRef = useRef<HTMLButtonElement>(null);
  const rightRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<'left' | 'right' | null>(null);
  // A move button that became disabled (the image reached an end) hands focus to the other one.
  useEffect(() => {
    const side = pendingFocus.current;
    pendingFocus.current = null;
    if (side === 'left' && index === 0) rightRef.current?.focus();
    if (side === 'right' && index === count - 1) leftRef.current?.focus();
  }, [index, count]);
  const n = index + 1;
  const source = sourceFor(image, 320);
  return (
    <li
      ref={setNodeRef}
      className={[styles.imageCard, isDragging && styles.imageCardDragging].filter(Boolean).join(' ')}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="product-image"
    >
      <div className={styles.imageFrame}>
        {source ? <img src={urlOfKey(source.key)} width={source.width} height={source.height} alt="" className={styles.thumb} /> : null}
        <span className={styles.imageBadge}>{index === 0 ? 'Main image' : `Image ${n}`}</span>
        {isGeneratedImage(image) ? <span className={styles.imageTag}>Studio render</span> : null}
      </div>
      <div className={styles.imageTools}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.dragHandle}
          {...attributes}
          {...listeners}
          aria-label={`Drag image ${n} to reorder`}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <g fill="currentColor">
              <circle cx="4.5" cy="3" r="1.1" />
              <circle cx="9.5" cy="3" r="1.1" />
              <circle cx="4.5" cy="7" r="1.1" />
              <circle cx="9.5" cy="7" r="1.1" />
              <circle cx="4.5" cy="11" r="1.1" />
              <circle cx="9.5" cy="11" r="1.1" />
            </g>
          </svg>
        </button>
        <button
          type="button"
          ref={leftRef}
          className={styles.toolButton}
          onClick={() => {
            pendingFocus.current = 'left';
            onMove(index - 1);
          }}
          disabled={index === 0}
          aria-label={`Move image ${n} left`}
          title="Move left"
        >
          ←
        </button>
        <button
          type="button"
          ref={rightRef}
          className={styles.toolButton}
          onClick={() => {
            pendingFocus.current = 'right';
            onMove(index + 1);
          }}
          disabled={index === count - 1}
          aria-label={`Move image ${n} right`}
          title="Move right"
        >
          →
        </button>
        <button type="button" className={`${styles.toolButton} ${styles.removeButton}`} onClick={onRemove} aria-label={`Remove image ${n}`}>
          Remove
        </button>
      </div>
      <div className={field.field}>
        <label className={field.label} htmlFor={altId}>
          Alt text<span className="visually-hidden">, image {n}</span>
        </label>
        <input
          id={altId}
          className={`${field.control} ${styles.compactControl}`}
          placeholder="What the photograph shows"
          aria-invalid={altError ? true : undefined}
          aria-describedby={altError ? `${altId}-error` : undefined}
          {...register(`images.${index}.alt`)}
        />
        {altError ? (
          <p id={`${altId}-error`} className={field.error}>
            {altError}
          </p>
        ) : null}
      </div>
    </li>
  );
}
