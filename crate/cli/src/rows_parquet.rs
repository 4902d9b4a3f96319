//! Sample rows as Parquet (`--samples-out FILE.parquet`): the CSV rows' columns, typed (unsigned integers,
//! the rank and stage as strings, an empty field a null), written with the `parquet` crate in row groups of
//! [`ROW_GROUP`] rows, and read back as the CSV lines they came from. A run writes its rows as CSV first and
//! converts them once they are whole, so that Parquet rows and CSV rows are the same rows, and a resumed
//! run checks a Parquet file's rows as it checks a CSV file's.

use parquet::basic::Compression;
use parquet::data_type::{ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::record::Field;
use parquet::schema::parser::parse_message_type;
use shogi_reach_engine::estimate::samples::csv_header;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;

/// Rows per row group: a group is held in memory while it is written (a few MiB).
const ROW_GROUP: usize = 65_536;

/// Whether rows go to `path` as Parquet (its name ends in `.parquet`).
pub fn is_parquet(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("parquet"))
}

/// What a column holds.
#[derive(Clone, Copy)]
enum Kind {
    /// Text: the rank (256 bits in decimal) and the stage's name.
    Text,
    /// An unsigned integer of `bits` (8, 32 or 64), null where the CSV field is empty when `optional`.
    Unsigned { bits: u8, optional: bool },
}

/// The columns, named as the CSV header names them.
fn columns() -> Vec<(String, Kind)> {
    let kind = |name: &str| match name {
        "rank" | "stage" => Kind::Text,
        "index" => Kind::Unsigned { bits: 64, optional: false },
        "traced_back" => Kind::Unsigned { bits: 32, optional: true },
        "nodes" | "pops" | "plies" => Kind::Unsigned { bits: 64, optional: true },
        _ => Kind::Unsigned { bits: 8, optional: false },
    };
    csv_header().split(',').map(|name| (name.to_string(), kind(name))).collect()
}

/// The Parquet schema of the columns.
fn message(columns: &[(String, Kind)]) -> String {
    let fields: Vec<String> = columns
        .iter()
        .map(|(name, kind)| match *kind {
            Kind::Text => format!("required binary {name} (STRING);"),
            Kind::Unsigned { bits, optional } => {
                let repetition = if optional { "optional" } else { "required" };
                let physical = if bits == 64 { "int64" } else { "int32" };
                format!("{repetition} {physical} {name} (INTEGER({bits},false));")
            }
        })
        .collect();
    format!("message samples {{ {} }}", fields.join(" "))
}

/// Writes the rows of `csv` (a rows file: its header, then rows) to `out` as Parquet.
pub fn write_parquet(csv: impl BufRead, out: std::fs::File) -> Result<(), String> {
    let columns = columns();
    let schema = Arc::new(parse_message_type(&message(&columns)).map_err(|e| e.to_string())?);
    let properties = Arc::new(WriterProperties::builder().set_compression(Compression::UNCOMPRESSED).build());
    let mut writer = SerializedFileWriter::new(out, schema, properties).map_err(|e| e.to_string())?;
    let mut lines = csv.lines();
    if lines.next().transpose().map_err(|e| e.to_string())?.as_deref() != Some(csv_header().as_str()) {
        return Err("the rows' header is not the header of --samples-out rows".into());
    }
    let mut group: Vec<Vec<String>> = vec![Vec::with_capacity(ROW_GROUP); columns.len()];
    for (n, line) in lines.enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != columns.len() {
            return Err(format!("row {}: {} fields, not {}", n + 1, fields.len(), columns.len()));
        }
        group.iter_mut().zip(fields).for_each(|(column, field)| column.push(field.to_string()));
        if group[0].len() == ROW_GROUP {
            write_group(&mut writer, &columns, &group)?;
            group.iter_mut().for_each(Vec::clear);
        }
    }
    if !group[0].is_empty() {
        write_group(&mut writer, &columns, &group)?;
    }
    let file = writer.into_inner().map_err(|e| e.to_string())?;
    file.sync_all().map_err(|e| e.to_string())
}

/// Writes one row group: `group` holds each column's fields as the CSV wrote them.
fn write_group(
    writer: &mut SerializedFileWriter<std::fs::File>,
    columns: &[(String, Kind)],
    group: &[Vec<String>],
) -> Result<(), String> {
    let error = |e: parquet::errors::ParquetError| e.to_string();
    let mut rows = writer.next_row_group().map_err(error)?;
    for ((name, kind), fields) in columns.iter().zip(group) {
        let mut column = rows.next_column().map_err(error)?.ok_or("fewer columns than the schema's")?;
        match *kind {
            Kind::Text => {
                let values: Vec<ByteArray> = fields.iter().map(|f| ByteArray::from(f.as_str())).collect();
                column.typed::<ByteArrayType>().write_batch(&values, None, None).map_err(error)?;
            }
            Kind::Unsigned { bits, optional } => {
                let (values, levels) = unsigned(name, fields, bits, optional)?;
                let levels = optional.then_some(levels.as_slice());
                // Unsigned values keep their bits in the signed physical type (the column says unsigned).
                if bits == 64 {
                    let values: Vec<i64> = values.iter().map(|&v| v as i64).collect();
                    column.typed::<Int64Type>().write_batch(&values, levels, None).map_err(error)?;
                } else {
                    let values: Vec<i32> = values.iter().map(|&v| v as u32 as i32).collect();
                    column.typed::<Int32Type>().write_batch(&values, levels, None).map_err(error)?;
                }
            }
        }
        column.close().map_err(error)?;
    }
    rows.close().map_err(error)?;
    Ok(())
}

/// The values of an unsigned column's fields (empty ones, allowed when `optional`, left out) and each
/// field's definition level (1: a value, 0: null).
fn unsigned(name: &str, fields: &[String], bits: u8, optional: bool) -> Result<(Vec<u64>, Vec<i16>), String> {
    let mut values = Vec::with_capacity(fields.len());
    let mut levels = Vec::with_capacity(fields.len());
    for field in fields {
        if field.is_empty() && optional {
            levels.push(0);
            continue;
        }
        let value: u64 = field.parse().map_err(|_| format!("column {name}: {field:?} is not a number"))?;
        if bits < 64 && value >> bits != 0 {
            return Err(format!("column {name}: {value} does not fit in {bits} bits"));
        }
        values.push(value);
        levels.push(1);
    }
    Ok((values, levels))
}

/// Writes the rows of the Parquet file at `path` to `out` as CSV lines, the header first: the rows a run
/// wrote as they were before conversion. A file that is not Parquet, or whose columns are not the rows'
/// columns, is an error.
pub fn parquet_to_csv(path: &Path, out: &mut impl Write) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let reader = SerializedFileReader::new(file).map_err(|e| format!("not a Parquet file: {e}"))?;
    let names: Vec<String> = reader
        .metadata()
        .file_metadata()
        .schema_descr()
        .columns()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    if names.join(",") != csv_header() {
        return Err("its columns are not the columns of --samples-out rows".into());
    }
    writeln!(out, "{}", csv_header()).map_err(|e| e.to_string())?;
    for row in reader.get_row_iter(None).map_err(|e| e.to_string())? {
        let row = row.map_err(|e| e.to_string())?;
        let fields: Vec<String> =
            row.get_column_iter().map(|(_, field)| text(field)).collect::<Result<_, _>>()?;
        writeln!(out, "{}", fields.join(",")).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A field as the CSV writes it (a null: empty).
fn text(field: &Field) -> Result<String, String> {
    Ok(match field {
        Field::Null => String::new(),
        Field::Str(s) => s.clone(),
        Field::UByte(n) => n.to_string(),
        Field::UInt(n) => n.to_string(),
        Field::ULong(n) => n.to_string(),
        other => return Err(format!("a field of an unexpected type: {other}")),
    })
}
